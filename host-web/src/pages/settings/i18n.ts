import { addTranslations } from '../../i18n';

const keys = (l: Record<string, string>) => l;
addTranslations({
  en: { settings: { title: 'Settings', tabs: { options: 'Options', schedules: 'Schedules', companies: 'Companies', plans: 'Plans', helps: 'Help' }, updated: 'Setting updated.', enabled: 'Enabled', disabled: 'Disabled',
    keys: keys({ userRating: 'Rating', scheduleType: 'Business hours', call: 'Accept calls', CheckMsgIsGroup: 'Ignore group messages', sendGreetingAccepted: 'Send greeting when accepting a ticket', sendMsgTransfTicket: 'Send message on ticket transfer', sendGreetingMessageOneQueues: 'Send greeting when there is only one queue', chatBotType: 'Chatbot type', campaignsEnabled: 'Campaigns', requireTwoFactor: 'Require two-factor sign-in for every user', asaas: 'Asaas token' }),
    scheduleTypes: { disabled: 'Disabled', queue: 'By queue', company: 'By company' },
    schedules: { weekday: 'Weekday', start: 'Start', end: 'End', saved: 'Schedules saved.' } } },
  pt: { settings: { title: 'Configurações', tabs: { options: 'Opções', schedules: 'Horários', companies: 'Empresas', plans: 'Planos', helps: 'Ajuda' }, updated: 'Configuração atualizada.', enabled: 'Habilitado', disabled: 'Desabilitado',
    keys: keys({ userRating: 'Avaliações', scheduleType: 'Gerenciamento de expediente', call: 'Aceitar chamadas', CheckMsgIsGroup: 'Ignorar mensagens de grupos', sendGreetingAccepted: 'Enviar saudação ao aceitar o atendimento', sendMsgTransfTicket: 'Enviar mensagem de transferência', sendGreetingMessageOneQueues: 'Enviar saudação quando houver somente 1 fila', chatBotType: 'Tipo do chatbot', campaignsEnabled: 'Campanhas', requireTwoFactor: 'Exigir verificação em duas etapas de todos os usuários', asaas: 'Token Asaas' }),
    scheduleTypes: { disabled: 'Desabilitado', queue: 'Por fila', company: 'Por empresa' },
    schedules: { weekday: 'Dia da semana', start: 'Início', end: 'Fim', saved: 'Horários salvos.' } } },
  es: { settings: { title: 'Configuración', tabs: { options: 'Opciones', schedules: 'Horarios', companies: 'Empresas', plans: 'Planes', helps: 'Ayuda' }, updated: 'Configuración actualizada.', enabled: 'Habilitado', disabled: 'Deshabilitado',
    keys: keys({ userRating: 'Evaluaciones', scheduleType: 'Horario de atención', call: 'Aceptar llamadas', CheckMsgIsGroup: 'Ignorar mensajes de grupos', sendGreetingAccepted: 'Enviar saludo al aceptar la atención', sendMsgTransfTicket: 'Enviar mensaje de transferencia', sendGreetingMessageOneQueues: 'Enviar saludo cuando hay solo 1 cola', chatBotType: 'Tipo de chatbot', campaignsEnabled: 'Campañas', requireTwoFactor: 'Exigir verificación en dos pasos a todos los usuarios', asaas: 'Token Asaas' }),
    scheduleTypes: { disabled: 'Deshabilitado', queue: 'Por cola', company: 'Por empresa' },
    schedules: { weekday: 'Día de la semana', start: 'Inicio', end: 'Fin', saved: 'Horarios guardados.' } } },
});
