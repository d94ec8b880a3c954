import { addTranslations } from '../../i18n';

addTranslations({
  en: { contacts: {
    title: 'Contacts', search: 'Search by name, number or e-mail', add: 'Add contact', import: 'Import', export: 'Export', exportCsv: 'Export CSV', exportXlsx: 'Export Excel (.xlsx)', sample: 'Download sample sheet',
    name: 'Name', number: 'WhatsApp number', email: 'E-mail', count: '{{count}} contacts',
    openTicket: 'Open ticket', schedule: 'Schedule message', deleteConfirm: 'Delete this contact? All of its tickets are lost.', deleted: 'Contact deleted.', saved: 'Contact saved.',
    form: { titleAdd: 'Add contact', titleEdit: 'Edit contact', data: 'Contact data', extraInfo: 'Additional information', extraName: 'Field name', extraValue: 'Value', addExtra: 'Add information', removeExtra: 'Remove information' },
    ticket: { title: 'Open ticket', queue: 'Queue', open: 'Open', selectQueue: 'Select a queue', otherUser: 'This contact already has an open ticket with {{user}} in queue {{queue}}.' },
    importDialog: { title: 'Import contacts', hint: 'Choose an .xlsx spreadsheet with the columns name, number and e-mail (see the sample sheet).', choose: 'Choose .xlsx', remove: 'Remove file', send: 'Import', onlyXlsx: 'Only .xlsx spreadsheets can be imported.', created: '{{count}} contact(s) imported', failed: '{{count}} row(s) refused', none: 'No rows imported.' },
  } },
  pt: { contacts: {
    title: 'Contatos', search: 'Pesquisar por nome, número ou e-mail', add: 'Adicionar contato', import: 'Importar', export: 'Exportar', exportCsv: 'Exportar CSV', exportXlsx: 'Exportar Excel (.xlsx)', sample: 'Baixar planilha de exemplo',
    name: 'Nome', number: 'Número do WhatsApp', email: 'E-mail', count: '{{count}} contatos',
    openTicket: 'Abrir atendimento', schedule: 'Agendar mensagem', deleteConfirm: 'Excluir este contato? Todos os atendimentos dele serão perdidos.', deleted: 'Contato excluído.', saved: 'Contato salvo.',
    form: { titleAdd: 'Adicionar contato', titleEdit: 'Editar contato', data: 'Dados do contato', extraInfo: 'Informações adicionais', extraName: 'Nome do campo', extraValue: 'Valor', addExtra: 'Adicionar informação', removeExtra: 'Remover informação' },
    ticket: { title: 'Abrir atendimento', queue: 'Fila', open: 'Abrir', selectQueue: 'Selecione uma fila', otherUser: 'Este contato já tem um atendimento aberto com {{user}} na fila {{queue}}.' },
    importDialog: { title: 'Importar contatos', hint: 'Escolha uma planilha .xlsx com as colunas nome, número e e-mail (veja a planilha de exemplo).', choose: 'Escolher .xlsx', remove: 'Remover arquivo', send: 'Importar', onlyXlsx: 'Somente planilhas .xlsx podem ser importadas.', created: '{{count}} contato(s) importado(s)', failed: '{{count}} linha(s) recusada(s)', none: 'Nenhuma linha importada.' },
  } },
  es: { contacts: {
    title: 'Contactos', search: 'Buscar por nombre, número o correo', add: 'Agregar contacto', import: 'Importar', export: 'Exportar', exportCsv: 'Exportar CSV', exportXlsx: 'Exportar Excel (.xlsx)', sample: 'Descargar planilla de ejemplo',
    name: 'Nombre', number: 'Número de WhatsApp', email: 'Correo', count: '{{count}} contactos',
    openTicket: 'Abrir atención', schedule: 'Programar mensaje', deleteConfirm: '¿Eliminar este contacto? Se perderán todas sus atenciones.', deleted: 'Contacto eliminado.', saved: 'Contacto guardado.',
    form: { titleAdd: 'Agregar contacto', titleEdit: 'Editar contacto', data: 'Datos del contacto', extraInfo: 'Información adicional', extraName: 'Nombre del campo', extraValue: 'Valor', addExtra: 'Agregar información', removeExtra: 'Quitar información' },
    ticket: { title: 'Abrir atención', queue: 'Cola', open: 'Abrir', selectQueue: 'Seleccione una cola', otherUser: 'Este contacto ya tiene una atención abierta con {{user}} en la cola {{queue}}.' },
    importDialog: { title: 'Importar contactos', hint: 'Elija una planilla .xlsx con las columnas nombre, número y correo (vea la planilla de ejemplo).', choose: 'Elegir .xlsx', remove: 'Quitar archivo', send: 'Importar', onlyXlsx: 'Solo se pueden importar planillas .xlsx.', created: '{{count}} contacto(s) importado(s)', failed: '{{count}} fila(s) rechazada(s)', none: 'No se importó ninguna fila.' },
  } },
});
