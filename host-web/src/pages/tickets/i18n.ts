import { addTranslations } from '../../i18n';

/** The tickets screen's strings (merged when the screen's chunk loads). */
addTranslations({
  en: { tickets: {
    tabs: { open: 'Open', closed: 'Resolved', search: 'Search', assigned: 'Attending', pending: 'Waiting', ticket: 'Ticket', chat: 'Attendance' },
    searchPlaceholder: 'Search tickets and messages', showAll: 'All', queues: 'Queues', tags: 'Tags', users: 'Users', noQueue: 'No queue',
    newTicket: 'New', accept: 'Accept', pendingHint: 'Accept to open this ticket', empty: 'No tickets here', select: 'Select a ticket to start chatting',
    selectTicket: 'Select ticket', peek: 'View', unauthorized: 'Acesso não permitido', deleted: 'This ticket was deleted.', movedAway: 'This ticket was moved where you cannot see it.',
    newDialog: { title: 'New ticket', contact: 'Contact (type at least 3 characters)', queue: 'Queue', connection: 'Connection', selectQueue: 'Select a queue', otherUser: 'This contact already has a ticket with {{user}} in queue {{queue}}.' },
    actions: { accept: 'Accept', close: 'Resolve', reopen: 'Reopen', return: 'Return', transfer: 'Transfer', schedule: 'Schedule message', delete: 'Delete', contact: 'Contact details', deleteConfirm: 'Delete this ticket and all its messages?' },
    transfer: { title: 'Transfer ticket', user: 'User (type at least 3 characters)', queue: 'Queue', connection: 'Connection', submit: 'Transfer' },
    chat: { placeholder: 'Type a message', quickHint: 'type / for quick replies', reply: 'Reply', delete: 'Delete', deleted: 'This message was deleted', failed: 'Not sent', retry: 'Resend', attach: 'Attach file', record: 'Record audio', stop: 'Stop and send', cancel: 'Cancel recording', replyingTo: 'Replying to', closed: 'Conversation closed', started: 'Conversation started', lostCall: 'Missed call', lostCallAt: 'Missed call at {{time}}', edited: 'Edited', loadMore: 'Loading older messages…', sendFiles: 'Send {{count}} file(s)' },
    contact: { title: 'Contact details', number: 'Number', email: 'E-mail', extra: 'Extra information', notes: 'Notes', notePlaceholder: 'Add a note', addNote: 'Save note', noteRequired: 'Required', noteShort: 'Too short' },
  } },
  pt: { tickets: {
    tabs: { open: 'Abertos', closed: 'Resolvidos', search: 'Busca', assigned: 'Atendendo', pending: 'Aguardando', ticket: 'Ticket', chat: 'Atendimento' },
    searchPlaceholder: 'Buscar atendimentos e mensagens', showAll: 'Todos', queues: 'Filas', tags: 'Tags', users: 'Usuários', noQueue: 'Sem fila',
    newTicket: 'Novo', accept: 'Aceitar', pendingHint: 'Aceite para abrir este atendimento', empty: 'Nenhum atendimento aqui', select: 'Selecione um atendimento para começar a conversar',
    selectTicket: 'Selecionar ticket', peek: 'Espiar', unauthorized: 'Acesso não permitido', deleted: 'Este atendimento foi excluído.', movedAway: 'Este atendimento foi transferido para onde você não tem acesso.',
    newDialog: { title: 'Novo atendimento', contact: 'Contato (digite ao menos 3 caracteres)', queue: 'Fila', connection: 'Conexão', selectQueue: 'Selecione uma fila', otherUser: 'Este contato já tem um atendimento com {{user}} na fila {{queue}}.' },
    actions: { accept: 'Aceitar', close: 'Resolver', reopen: 'Reabrir', return: 'Devolver', transfer: 'Transferir', schedule: 'Agendar mensagem', delete: 'Excluir', contact: 'Dados do contato', deleteConfirm: 'Excluir este atendimento e todas as mensagens?' },
    transfer: { title: 'Transferir atendimento', user: 'Usuário (digite ao menos 3 caracteres)', queue: 'Fila', connection: 'Conexão', submit: 'Transferir' },
    chat: { placeholder: 'Digite uma mensagem', quickHint: 'digite / para respostas rápidas', reply: 'Responder', delete: 'Excluir', deleted: 'Esta mensagem foi apagada', failed: 'Não enviada', retry: 'Reenviar', attach: 'Anexar arquivo', record: 'Gravar áudio', stop: 'Parar e enviar', cancel: 'Cancelar gravação', replyingTo: 'Respondendo a', closed: 'Conversa encerrada', started: 'Conversa iniciada', lostCall: 'Chamada perdida', lostCallAt: 'Chamada perdida às {{time}}', edited: 'Editada', loadMore: 'Carregando mensagens anteriores…', sendFiles: 'Enviar {{count}} arquivo(s)' },
    contact: { title: 'Dados do contato', number: 'Número', email: 'E-mail', extra: 'Informações adicionais', notes: 'Observações', notePlaceholder: 'Adicionar observação', addNote: 'Salvar observação', noteRequired: 'Obrigatório', noteShort: 'Muito curta' },
  } },
  es: { tickets: {
    tabs: { open: 'Abiertos', closed: 'Resueltos', search: 'Búsqueda', assigned: 'Atendiendo', pending: 'Esperando', ticket: 'Ticket', chat: 'Atención' },
    searchPlaceholder: 'Buscar atenciones y mensajes', showAll: 'Todos', queues: 'Colas', tags: 'Etiquetas', users: 'Usuarios', noQueue: 'Sin cola',
    newTicket: 'Nuevo', accept: 'Aceptar', pendingHint: 'Acepte para abrir esta atención', empty: 'No hay atenciones aquí', select: 'Seleccione una atención para empezar a conversar',
    selectTicket: 'Seleccionar ticket', peek: 'Ver', unauthorized: 'Acceso no permitido', deleted: 'Esta atención fue eliminada.', movedAway: 'Esta atención fue transferida a donde usted no tiene acceso.',
    newDialog: { title: 'Nueva atención', contact: 'Contacto (escriba al menos 3 caracteres)', queue: 'Cola', connection: 'Conexión', selectQueue: 'Seleccione una cola', otherUser: 'Este contacto ya tiene una atención con {{user}} en la cola {{queue}}.' },
    actions: { accept: 'Aceptar', close: 'Resolver', reopen: 'Reabrir', return: 'Devolver', transfer: 'Transferir', schedule: 'Programar mensaje', delete: 'Eliminar', contact: 'Datos del contacto', deleteConfirm: '¿Eliminar esta atención y todos sus mensajes?' },
    transfer: { title: 'Transferir atención', user: 'Usuario (escriba al menos 3 caracteres)', queue: 'Cola', connection: 'Conexión', submit: 'Transferir' },
    chat: { placeholder: 'Escriba un mensaje', quickHint: 'escriba / para respuestas rápidas', reply: 'Responder', delete: 'Eliminar', deleted: 'Este mensaje fue eliminado', failed: 'No enviado', retry: 'Reenviar', attach: 'Adjuntar archivo', record: 'Grabar audio', stop: 'Detener y enviar', cancel: 'Cancelar grabación', replyingTo: 'Respondiendo a', closed: 'Conversación cerrada', started: 'Conversación iniciada', lostCall: 'Llamada perdida', lostCallAt: 'Llamada perdida a las {{time}}', edited: 'Editado', loadMore: 'Cargando mensajes anteriores…', sendFiles: 'Enviar {{count}} archivo(s)' },
    contact: { title: 'Datos del contacto', number: 'Número', email: 'Correo', extra: 'Información adicional', notes: 'Notas', notePlaceholder: 'Agregar nota', addNote: 'Guardar nota', noteRequired: 'Obligatorio', noteShort: 'Muy corta' },
  } },
});
