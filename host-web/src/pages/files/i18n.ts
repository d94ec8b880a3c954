import { addTranslations } from '../../i18n';

addTranslations({
  en: { files: { title: 'File lists', search: 'Search', add: 'Add file list', name: 'Name', files: 'Files', saved: 'File list saved.', deleted: 'File list deleted.', deleteConfirm: 'Delete this file list and its files?',
    form: { titleAdd: 'Add file list', titleEdit: 'Edit file list', name: 'Name', message: 'Message', options: 'Files', optionName: 'File description', choose: 'Choose file', remove: 'Remove file', addOption: 'Add file', removeOption: 'Remove row', short: 'Name too short', fileRequired: 'Choose a file for every row' } } },
  pt: { files: { title: 'Listas de arquivos', search: 'Pesquisar', add: 'Adicionar lista de arquivos', name: 'Nome', files: 'Arquivos', saved: 'Lista de arquivos salva.', deleted: 'Lista de arquivos excluída.', deleteConfirm: 'Excluir esta lista de arquivos e os arquivos?',
    form: { titleAdd: 'Adicionar lista de arquivos', titleEdit: 'Editar lista de arquivos', name: 'Nome', message: 'Mensagem', options: 'Arquivos', optionName: 'Descrição do arquivo', choose: 'Escolher arquivo', remove: 'Remover arquivo', addOption: 'Adicionar arquivo', removeOption: 'Remover linha', short: 'Nome muito curto', fileRequired: 'Escolha um arquivo em cada linha' } } },
  es: { files: { title: 'Listas de archivos', search: 'Buscar', add: 'Agregar lista de archivos', name: 'Nombre', files: 'Archivos', saved: 'Lista de archivos guardada.', deleted: 'Lista de archivos eliminada.', deleteConfirm: '¿Eliminar esta lista de archivos y sus archivos?',
    form: { titleAdd: 'Agregar lista de archivos', titleEdit: 'Editar lista de archivos', name: 'Nombre', message: 'Mensaje', options: 'Archivos', optionName: 'Descripción del archivo', choose: 'Elegir archivo', remove: 'Quitar archivo', addOption: 'Agregar archivo', removeOption: 'Quitar fila', short: 'Nombre muy corto', fileRequired: 'Elija un archivo en cada fila' } } },
});
