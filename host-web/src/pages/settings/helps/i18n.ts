import { addTranslations } from '../../../i18n';

addTranslations({
  en: { settings: { helps: {
    add: 'Add help', titleAdd: 'New help entry', titleEdit: 'Edit help entry',
    fields: { title: 'Title', video: 'Video code', description: 'Description' }, videoHint: 'The YouTube video code, e.g. dQw4w9WgXcQ',
    deleteConfirm: 'Delete the help entry {{title}}?', deleted: 'Help entry deleted.',
    toasts: { success: 'Operation completed successfully!', error: 'Could not save the help entry. Check the fields.', errorList: 'Could not load the list of help entries.', errorOperation: 'Could not complete the operation.' },
  } } },
  pt: { settings: { helps: {
    add: 'Adicionar ajuda', titleAdd: 'Nova ajuda', titleEdit: 'Editar ajuda',
    fields: { title: 'Título', video: 'Código do vídeo', description: 'Descrição' }, videoHint: 'O código do vídeo do YouTube, ex.: dQw4w9WgXcQ',
    deleteConfirm: 'Excluir a ajuda {{title}}?', deleted: 'Ajuda excluída.',
    toasts: { success: 'Operação realizada com sucesso!', error: 'Não foi possível salvar a ajuda. Verifique os campos.', errorList: 'Não foi possível carregar a lista de ajudas.', errorOperation: 'Não foi possível realizar a operação.' },
  } } },
  es: { settings: { helps: {
    add: 'Agregar ayuda', titleAdd: 'Nueva ayuda', titleEdit: 'Editar ayuda',
    fields: { title: 'Título', video: 'Código del video', description: 'Descripción' }, videoHint: 'El código del video de YouTube, p. ej.: dQw4w9WgXcQ',
    deleteConfirm: '¿Eliminar la ayuda {{title}}?', deleted: 'Ayuda eliminada.',
    toasts: { success: '¡Operación realizada con éxito!', error: 'No se pudo guardar la ayuda. Verifique los campos.', errorList: 'No se pudo cargar la lista de ayudas.', errorOperation: 'No se pudo realizar la operación.' },
  } } },
});
