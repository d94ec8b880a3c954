/** The catalogue codes of this plugin's errors, translated for the console's error toast. */
const errors = {
  pt: { ERR_NO_CHAT_FOUND: 'Chat não encontrado.' },
  en: { ERR_NO_CHAT_FOUND: 'Chat not found.' },
  es: { ERR_NO_CHAT_FOUND: 'Chat no encontrado.' },
};
/** The remote's strings, merged into the console's i18next by the host before the screen renders. */
export const messages = {
  pt: {
    internalChat: {
      menu: 'Chat interno', title: 'Chat interno', bell: 'Chat interno',
      unread_one: '{{count}} mensagem não lida', unread_other: '{{count}} mensagens não lidas',
      tabs: { chats: 'Chats', messages: 'Mensagens' },
      search: 'Buscar chat', new: 'Novo', more: 'Carregar mais', noChats: 'Nenhum chat ainda',
      selectChat: 'Selecione um chat', noMessages: 'Sem mensagens', loading: 'Carregando…', formerUser: 'Usuário removido',
      typeMessage: 'Digite uma mensagem (Enter envia)', send: 'Enviar', attach: 'Enviar um arquivo',
      newChat: 'Novo chat', editChat: 'Editar chat', deleteChat: 'Excluir chat',
      confirmDelete: 'Excluir o chat "{{title}}" e todas as suas mensagens?',
      chatTitle: 'Título', members: 'Participantes', pickMembers: 'Escolha os participantes',
      save: 'Salvar', cancel: 'Cancelar', fillTitle: 'Preencha o título', fillUser: 'Escolha ao menos um participante',
    },
    errors: errors.pt,
  },
  en: {
    internalChat: {
      menu: 'Internal chat', title: 'Internal chat', bell: 'Internal chat',
      unread_one: '{{count}} unread message', unread_other: '{{count}} unread messages',
      tabs: { chats: 'Chats', messages: 'Messages' },
      search: 'Search chats', new: 'New', more: 'Load more', noChats: 'No chats yet',
      selectChat: 'Select a chat', noMessages: 'No messages', loading: 'Loading…', formerUser: 'Removed user',
      typeMessage: 'Type a message (Enter sends)', send: 'Send', attach: 'Send a file',
      newChat: 'New chat', editChat: 'Edit chat', deleteChat: 'Delete chat',
      confirmDelete: 'Delete the chat "{{title}}" and all its messages?',
      chatTitle: 'Title', members: 'Members', pickMembers: 'Pick the members',
      save: 'Save', cancel: 'Cancel', fillTitle: 'Fill in the title', fillUser: 'Pick at least one member',
    },
    errors: errors.en,
  },
  es: {
    internalChat: {
      menu: 'Chat interno', title: 'Chat interno', bell: 'Chat interno',
      unread_one: '{{count}} mensaje no leído', unread_other: '{{count}} mensajes no leídos',
      tabs: { chats: 'Chats', messages: 'Mensajes' },
      search: 'Buscar chat', new: 'Nuevo', more: 'Cargar más', noChats: 'Aún no hay chats',
      selectChat: 'Seleccione un chat', noMessages: 'Sin mensajes', loading: 'Cargando…', formerUser: 'Usuario eliminado',
      typeMessage: 'Escriba un mensaje (Enter envía)', send: 'Enviar', attach: 'Enviar un archivo',
      newChat: 'Nuevo chat', editChat: 'Editar chat', deleteChat: 'Eliminar chat',
      confirmDelete: '¿Eliminar el chat "{{title}}" y todos sus mensajes?',
      chatTitle: 'Título', members: 'Participantes', pickMembers: 'Elija los participantes',
      save: 'Guardar', cancel: 'Cancelar', fillTitle: 'Complete el título', fillUser: 'Elija al menos un participante',
    },
    errors: errors.es,
  },
};
