import { addTranslations } from '../../i18n';

addTranslations({
  en: { quickMessages: { title: 'Quick replies', search: 'Search', add: 'Add quick reply', shortcode: 'Shortcode', message: 'Message', attachment: 'Attachment', geral: 'Shared', saved: 'Quick reply saved.', deleted: 'Quick reply deleted.', deleteConfirm: 'Delete this quick reply?', mediaDeleted: 'Attachment removed.',
    form: { titleAdd: 'Add quick reply', titleEdit: 'Edit quick reply', geral: 'Shared with the whole company', attach: 'Attach file', removeAttach: 'Remove attachment', hint: 'Type / followed by the shortcode in the chat to use it.' } } },
  pt: { quickMessages: { title: 'Respostas rápidas', search: 'Pesquisar', add: 'Adicionar resposta rápida', shortcode: 'Atalho', message: 'Mensagem', attachment: 'Anexo', geral: 'Global', saved: 'Resposta rápida salva.', deleted: 'Resposta rápida excluída.', deleteConfirm: 'Excluir esta resposta rápida?', mediaDeleted: 'Anexo removido.',
    form: { titleAdd: 'Adicionar resposta rápida', titleEdit: 'Editar resposta rápida', geral: 'Compartilhada com toda a empresa', attach: 'Anexar arquivo', removeAttach: 'Remover anexo', hint: 'Digite / seguido do atalho no chat para usá-la.' } } },
  es: { quickMessages: { title: 'Respuestas rápidas', search: 'Buscar', add: 'Agregar respuesta rápida', shortcode: 'Atajo', message: 'Mensaje', attachment: 'Adjunto', geral: 'Global', saved: 'Respuesta rápida guardada.', deleted: 'Respuesta rápida eliminada.', deleteConfirm: '¿Eliminar esta respuesta rápida?', mediaDeleted: 'Adjunto eliminado.',
    form: { titleAdd: 'Agregar respuesta rápida', titleEdit: 'Editar respuesta rápida', geral: 'Compartida con toda la empresa', attach: 'Adjuntar archivo', removeAttach: 'Quitar adjunto', hint: 'Escriba / seguido del atajo en el chat para usarla.' } } },
});
