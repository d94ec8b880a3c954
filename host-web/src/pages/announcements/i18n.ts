import { addTranslations } from '../../i18n';

addTranslations({
  en: { announcements: { title: 'Announcements', search: 'Search', add: 'Add announcement', titleCol: 'Title', priority: 'Priority', status: 'Status', media: 'Image', active: 'Active', inactive: 'Inactive',
    priorities: { 1: 'High', 2: 'Medium', 3: 'Low' }, saved: 'Announcement saved.', deleted: 'Announcement deleted.', deleteConfirm: 'Delete this announcement?', superOnly: 'Only the super user manages announcements.',
    form: { titleAdd: 'Add announcement', titleEdit: 'Edit announcement', title: 'Title', text: 'Text', attach: 'Attach image', removeAttach: 'Remove image', onlyImages: 'Only png, jpg and jpeg images.' } } },
  pt: { announcements: { title: 'Informativos', search: 'Pesquisar', add: 'Adicionar informativo', titleCol: 'Título', priority: 'Prioridade', status: 'Status', media: 'Imagem', active: 'Ativo', inactive: 'Inativo',
    priorities: { 1: 'Alta', 2: 'Média', 3: 'Baixa' }, saved: 'Informativo salvo.', deleted: 'Informativo excluído.', deleteConfirm: 'Excluir este informativo?', superOnly: 'Somente o super usuário gerencia os informativos.',
    form: { titleAdd: 'Adicionar informativo', titleEdit: 'Editar informativo', title: 'Título', text: 'Texto', attach: 'Anexar imagem', removeAttach: 'Remover imagem', onlyImages: 'Somente imagens png, jpg e jpeg.' } } },
  es: { announcements: { title: 'Anuncios', search: 'Buscar', add: 'Agregar anuncio', titleCol: 'Título', priority: 'Prioridad', status: 'Estado', media: 'Imagen', active: 'Activo', inactive: 'Inactivo',
    priorities: { 1: 'Alta', 2: 'Media', 3: 'Baja' }, saved: 'Anuncio guardado.', deleted: 'Anuncio eliminado.', deleteConfirm: '¿Eliminar este anuncio?', superOnly: 'Solo el súper usuario gestiona los anuncios.',
    form: { titleAdd: 'Agregar anuncio', titleEdit: 'Editar anuncio', title: 'Título', text: 'Texto', attach: 'Adjuntar imagen', removeAttach: 'Quitar imagen', onlyImages: 'Solo imágenes png, jpg y jpeg.' } } },
});
