/** Português: as strings compartilhadas do shell (menu, barra superior, sessão, erros, telas públicas). */
export default {
  common: {
    unlimited: 'ilimitado',
    save: 'Salvar', cancel: 'Cancelar', close: 'Fechar', delete: 'Excluir', edit: 'Editar', add: 'Adicionar', search: 'Pesquisar',
    confirm: 'Confirmar', yes: 'Sim', no: 'Não', loading: 'Carregando…', retry: 'Tentar novamente', back: 'Voltar', actions: 'Ações',
    none: 'Nenhum', send: 'Enviar', noRecords: 'Nenhum registro', deleteConfirm: 'Excluir este registro? Esta ação não pode ser desfeita.',
  },
  menu: {
    dashboard: 'Dashboard', tickets: 'Atendimentos', kanban: 'Kanban', quickMessages: 'Respostas rápidas', todolist: 'Tarefas',
    contacts: 'Contatos', schedules: 'Agendamentos', tags: 'Tags', chats: 'Chat interno', helps: 'Ajuda',
    campaigns: 'Campanhas', announcements: 'Informativos', prompts: 'Open.Ai', integrations: 'Integrações',
    connections: 'Conexões', files: 'Lista de arquivos', queues: 'Filas & Chatbot', users: 'Usuários',
    messagesApi: 'API de mensagens', financeiro: 'Financeiro', settings: 'Configurações', sandbox: 'Telefone sandbox',
    administration: 'Administração', version: 'Versão {{version}}', toggle: 'Abrir/fechar menu',
  },
  topbar: {
    greeting: 'Olá {{name}}, seja bem-vindo a {{company}}!',
    greetingDue: 'Olá {{name}}, seja bem-vindo a {{company}}! Sua assinatura vence em {{date}}.',
    language: 'Idioma', theme: 'Tema', lightTheme: 'Tema claro', darkTheme: 'Tema escuro', volume: 'Volume',
    refresh: 'Recarregar', notifications: 'Notificações', noNotifications: 'Nenhuma notificação nova',
    newTicket: 'Novo atendimento de {{name}}', newMessage: 'Nova mensagem de {{name}}',
    slaBreach: '{{name}}: meta de {{target}} estourada', slaTargets: { firstResponse: 'primeira resposta', resolution: 'resolução' },
    announcements: 'Informativos', noAnnouncements: 'Nenhum informativo', profile: 'Perfil', logout: 'Sair',
    userMenu: 'Menu do usuário',
    available: 'Disponível', away: 'Ausente', setAway: 'Ficar ausente (nenhum atendimento novo atribuído)', setAvailable: 'Ficar disponível (atendimentos podem ser atribuídos a você)',
  },
  profile: {
    title: 'Meu perfil', name: 'Nome', email: 'E-mail', password: 'Nova senha (deixe em branco para manter)', currentPassword: 'Senha atual (para trocá-la)', saved: 'Perfil salvo.',
  },
  session: {
    loggedElsewhere: 'Sua conta foi acessada em outro computador.',
    expired: 'Sua sessão expirou. Entre novamente.',
    dueSoon: 'Sua assinatura vence em {{days}} dia(s) ({{date}}).',
  },
  botFailure: {
    toast: 'O robô "{{name}}" não conseguiu responder o ticket {{id}}: {{reason}}. O ticket foi para a equipe.',
    lastError: 'Último erro', ticket: 'ticket {{id}}',
    kinds: {
      unreachable: 'serviço inalcançável', 'key-refused': 'chave recusada', quota: 'cota esgotada', 'rate-limited': 'limite de chamadas',
      'not-found': 'modelo ou endereço desconhecido', refused: 'o serviço respondeu com erro', timeout: 'sem resposta a tempo',
    },
  },
  remote: {
    loading: 'Carregando módulo…', failed: 'Não foi possível carregar o módulo “{{name}}”.', notFound: 'Página não encontrada.',
  },
  sessions: {
    title: 'Sessões', current: 'este dispositivo', none: 'Nenhuma sessão aberta.', unknownDevice: 'Dispositivo desconhecido',
    address: 'endereço {{ip}}', viewedBy: '· acessada por {{name}} (suporte da plataforma) até {{at}}', lastUsed: 'último uso {{at}}', end: 'Encerrar esta sessão', ended: 'Sessão encerrada: aquele dispositivo foi desconectado.',
  },
  twoFactor: {
    title: 'Verificação em duas etapas', code: 'Código do aplicativo autenticador', recoveryCode: 'Código de recuperação', verify: 'Verificar',
    useRecovery: 'Usar um código de recuperação', useCode: 'Usar o código do autenticador', back: 'Voltar para a entrada',
    recoveryLeft: 'Entrada com um código de recuperação: restam {{count}}. Configure um novo celular no seu perfil.',
    requiredIntro: 'Sua conta exige a verificação em duas etapas. Configure agora para continuar.',
    scan: 'Leia este QR code com um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…) e digite o código que ele mostra.',
    orKey: 'Ou digite esta chave:', confirm: 'Confirmar', savedCodes: 'Guardei meus códigos de recuperação',
    recoveryIntro: 'Guarde estes códigos de recuperação em lugar seguro: cada um permite uma entrada se você perder o celular. Eles aparecem só agora.',
    on: 'Ativa. Códigos de recuperação restantes: {{count}}.', off: 'Desativada: só a senha permite entrar.', offRequired: 'Desativada, mas sua conta exige: você vai configurá-la na próxima entrada.',
    turnOn: 'Ativar', turnOff: 'Desativar', passwordToTurnOff: 'Sua senha, para desativar', turnedOff: 'Verificação em duas etapas desativada.',
  },
  login: {
    title: 'Entrar', email: 'E-mail', password: 'Senha', submit: 'Entrar', signup: 'Não tem uma conta? Cadastre-se',
    forgot: 'Esqueceu a senha?',
  },
  signup: {
    title: 'Cadastre-se', name: 'Nome da empresa', email: 'E-mail', phone: 'Telefone', password: 'Senha', plan: 'Plano',
    planOption: '{{name}} — usuários: {{users}} · conexões: {{connections}} · filas: {{queues}} · R$ {{value}}',
    submit: 'Cadastrar', login: 'Já tem uma conta? Entre', success: 'Empresa cadastrada! Entre para continuar.',
    formErrors: {
      name: { required: 'Nome é obrigatório', short: 'Nome muito curto', long: 'Nome muito longo' },
      email: { required: 'E-mail é obrigatório', invalid: 'E-mail inválido' },
      password: { required: 'Senha é obrigatória', short: 'Senha muito curta', long: 'Senha muito longa' },
      phone: { invalid: 'Telefone inválido' },
      plan: { required: 'Escolha um plano' },
    },
  },
  forgetpsw: {
    title: 'Redefinir senha', email: 'E-mail', sendCode: 'Enviar código', code: 'Código de verificação', password: 'Nova senha',
    confirm: 'Confirme a senha', submit: 'Redefinir senha', back: 'Voltar ao cadastro',
    codeSent: 'Enviamos um código de verificação para o seu e-mail.', success: 'Senha alterada. Entre com a nova senha.',
    errors: {
      email: 'Informe um e-mail válido', required: 'Obrigatório', passwordRule: 'Pelo menos 8 caracteres com uma letra maiúscula, uma minúscula e um número',
      mismatch: 'As senhas não conferem',
    },
  },
  languages: { pt: 'Português', en: 'English', es: 'Español' },
  validation: { tooShort: 'Muito curto!', tooLong: 'Muito longo!', required: 'Obrigatório', invalidEmail: 'E-mail inválido' },
  errors: {
    generic: 'Algo deu errado. Tente novamente.',
    network: 'Não foi possível contatar o servidor.',
  },
};
