/**
 * The audit log's words for each action and entity (table) the server writes, per language: plain data, so
 * core/test/audit/labels.test.ts can check that every action (core/src/audit/actions.ts) and every audited table
 * (the core's models, its link tables, the plugins' declared tables) has one in pt, en and es.
 * The entity filter offers exactly these keys.
 */
export const AUDIT_LABELS = {
  en: {
    actions: {
      create: 'Created', update: 'Changed', delete: 'Deleted', login: 'Signed in', login_failed: 'Failed sign-in', logout: 'Signed out',
      session_end: 'Ended a session', password_change: 'Changed the password', '2fa_enable': 'Turned on two-step sign-in',
      '2fa_disable': 'Turned off two-step sign-in', '2fa_reset': 'Reset two-step sign-in', '2fa_recovery_used': 'Signed in with a recovery code',
      impersonate: 'Support access started', impersonate_back: 'Support access ended',
    },
    entities: {
      announcements: 'Announcements', companies: 'Companies', contactCustomFields: 'Contact extra fields', contacts: 'Contacts',
      fileListOptions: 'File list items', fileLists: 'File lists', helps: 'Help videos', invoices: 'Invoices', plans: 'Plans',
      queueOptions: 'Queue menu options', queues: 'Queues', quickMessages: 'Quick replies', schedules: 'Scheduled messages',
      settings: 'Settings', tags: 'Tags', ticketNotes: 'Ticket notes', tickets: 'Tickets', users: 'Users', whatsapps: 'Connections',
      whatsappCloud: 'Cloud API settings', sandboxOutbox: 'Sandbox phone messages', ticketTags: 'Ticket tags', userQueues: 'Users\' queues',
      whatsappQueues: 'Connections\' queues', sessions: 'Sessions', flowMedia: 'Flow media files',
      contactLists: 'Contact lists', contactListItems: 'Contact list entries', campaignSettings: 'Campaign settings', campaigns: 'Campaigns',
      campaignShipping: 'Campaign deliveries', campaignSenders: 'Campaign senders', flowBuilders: 'Flows', flowCampaigns: 'Flow triggers',
      flowRuns: 'Flow runs', queueIntegrations: 'Integrations', integrationSessions: 'Integration sessions', chats: 'Internal chats',
      chatMessages: 'Internal chat messages', chatUsers: 'Internal chat members', prompts: 'AI prompts',
      contactIdentities: 'Contacts\' channel identities', telegramBots: 'Telegram bots', telegramUpdates: 'Telegram deliveries',
      metaPages: 'Messenger and Instagram Pages', metaThreads: 'Messenger and Instagram conversations', metaSent: 'Messenger and Instagram sent messages',
      copilotSettings: 'Copilot settings', copilotArticles: 'Knowledge base articles', copilotImport: 'Knowledge base imports',
      copilotTerms: 'Knowledge base search index', copilotUsage: 'Copilot usage', copilotRate: 'Copilot rate counters',
      copilotTranslations: 'Copilot translations',
    },
  },
  pt: {
    actions: {
      create: 'Criou', update: 'Alterou', delete: 'Excluiu', login: 'Entrou', login_failed: 'Falha ao entrar', logout: 'Saiu',
      session_end: 'Encerrou uma sessão', password_change: 'Alterou a senha', '2fa_enable': 'Ativou a verificação em duas etapas',
      '2fa_disable': 'Desativou a verificação em duas etapas', '2fa_reset': 'Redefiniu a verificação em duas etapas',
      '2fa_recovery_used': 'Entrou com um código de recuperação', impersonate: 'Acesso de suporte iniciado', impersonate_back: 'Acesso de suporte encerrado',
    },
    entities: {
      announcements: 'Informativos', companies: 'Empresas', contactCustomFields: 'Campos extras de contato', contacts: 'Contatos',
      fileListOptions: 'Itens de listas de arquivos', fileLists: 'Listas de arquivos', helps: 'Vídeos de ajuda', invoices: 'Faturas', plans: 'Planos',
      queueOptions: 'Opções do menu da fila', queues: 'Filas', quickMessages: 'Respostas rápidas', schedules: 'Agendamentos',
      settings: 'Configurações', tags: 'Etiquetas', ticketNotes: 'Observações de atendimentos', tickets: 'Atendimentos', users: 'Usuários', whatsapps: 'Conexões',
      whatsappCloud: 'Configurações da API Cloud', sandboxOutbox: 'Mensagens do telefone sandbox', ticketTags: 'Etiquetas de atendimentos', userQueues: 'Filas dos usuários',
      whatsappQueues: 'Filas das conexões', sessions: 'Sessões', flowMedia: 'Arquivos de fluxos',
      contactLists: 'Listas de contatos', contactListItems: 'Contatos das listas', campaignSettings: 'Configurações de campanhas', campaigns: 'Campanhas',
      campaignShipping: 'Envios de campanhas', campaignSenders: 'Remetentes de campanhas', flowBuilders: 'Fluxos', flowCampaigns: 'Gatilhos de fluxos',
      flowRuns: 'Execuções de fluxos', queueIntegrations: 'Integrações', integrationSessions: 'Sessões de integrações', chats: 'Chats internos',
      chatMessages: 'Mensagens do chat interno', chatUsers: 'Participantes do chat interno', prompts: 'Prompts de IA',
      contactIdentities: 'Identidades dos contatos nos canais', telegramBots: 'Bots do Telegram', telegramUpdates: 'Entregas do Telegram',
      metaPages: 'Páginas do Messenger e Instagram', metaThreads: 'Conversas do Messenger e Instagram', metaSent: 'Mensagens enviadas no Messenger e Instagram',
      copilotSettings: 'Configurações do copiloto', copilotArticles: 'Artigos da base de conhecimento', copilotImport: 'Importações da base de conhecimento',
      copilotTerms: 'Índice de busca da base de conhecimento', copilotUsage: 'Uso do copiloto', copilotRate: 'Contadores de ritmo do copiloto',
      copilotTranslations: 'Traduções do copiloto',
    },
  },
  es: {
    actions: {
      create: 'Creó', update: 'Cambió', delete: 'Eliminó', login: 'Inició sesión', login_failed: 'Inicio de sesión fallido', logout: 'Cerró sesión',
      session_end: 'Terminó una sesión', password_change: 'Cambió la contraseña', '2fa_enable': 'Activó la verificación en dos pasos',
      '2fa_disable': 'Desactivó la verificación en dos pasos', '2fa_reset': 'Restableció la verificación en dos pasos',
      '2fa_recovery_used': 'Entró con un código de recuperación', impersonate: 'Acceso de soporte iniciado', impersonate_back: 'Acceso de soporte terminado',
    },
    entities: {
      announcements: 'Comunicados', companies: 'Empresas', contactCustomFields: 'Campos extra de contacto', contacts: 'Contactos',
      fileListOptions: 'Elementos de listas de archivos', fileLists: 'Listas de archivos', helps: 'Videos de ayuda', invoices: 'Facturas', plans: 'Planes',
      queueOptions: 'Opciones del menú de la cola', queues: 'Colas', quickMessages: 'Respuestas rápidas', schedules: 'Mensajes programados',
      settings: 'Configuración', tags: 'Etiquetas', ticketNotes: 'Notas de atenciones', tickets: 'Atenciones', users: 'Usuarios', whatsapps: 'Conexiones',
      whatsappCloud: 'Configuración de la API Cloud', sandboxOutbox: 'Mensajes del teléfono sandbox', ticketTags: 'Etiquetas de atenciones', userQueues: 'Colas de los usuarios',
      whatsappQueues: 'Colas de las conexiones', sessions: 'Sesiones', flowMedia: 'Archivos de flujos',
      contactLists: 'Listas de contactos', contactListItems: 'Contactos de las listas', campaignSettings: 'Configuración de campañas', campaigns: 'Campañas',
      campaignShipping: 'Envíos de campañas', campaignSenders: 'Remitentes de campañas', flowBuilders: 'Flujos', flowCampaigns: 'Disparadores de flujos',
      flowRuns: 'Ejecuciones de flujos', queueIntegrations: 'Integraciones', integrationSessions: 'Sesiones de integraciones', chats: 'Chats internos',
      chatMessages: 'Mensajes del chat interno', chatUsers: 'Participantes del chat interno', prompts: 'Prompts de IA',
      contactIdentities: 'Identidades de los contactos en los canales', telegramBots: 'Bots de Telegram', telegramUpdates: 'Entregas de Telegram',
      metaPages: 'Páginas de Messenger e Instagram', metaThreads: 'Conversaciones de Messenger e Instagram', metaSent: 'Mensajes enviados en Messenger e Instagram',
      copilotSettings: 'Configuración del copiloto', copilotArticles: 'Artículos de la base de conocimiento', copilotImport: 'Importaciones de la base de conocimiento',
      copilotTerms: 'Índice de búsqueda de la base de conocimiento', copilotUsage: 'Uso del copiloto', copilotRate: 'Contadores de ritmo del copiloto',
      copilotTranslations: 'Traducciones del copiloto',
    },
  },
};
