import { addTranslations } from '../../i18n';

addTranslations({
  en: { contacts: {
    data: {
      exportTitle: 'Export this contact\'s data', eraseTitle: 'Erase this contact\'s data',
      exportWhat: 'A .zip with everything held about this contact: its details, tickets and messages (JSON and a readable transcript), notes, tags, campaign sends, flow answers and files.',
      exportRecord: 'The export is recorded (who and when), without its content.', download: 'Download .zip', exported: 'Export downloaded.',
      eraseWhat: 'Deletes for good the contact, its tickets, messages and files, notes, schedules, campaign list entries and sends, and bot conversations. This cannot be undone.',
      eraseRecord: 'A record that an erasure happened is kept (who, when, how much), without the erased data.',
      typeNumber: 'Type the contact\'s number ({{number}}) to confirm', erase: 'Erase everything', erased: 'The contact\'s data was erased.',
    },
    title: 'Contacts', search: 'Search by name, number or e-mail', add: 'Add contact', import: 'Import', export: 'Export', exportCsv: 'Export CSV', exportXlsx: 'Export Excel (.xlsx)', sample: 'Download sample sheet',
    name: 'Name', number: 'WhatsApp number', email: 'E-mail', count: '{{count}} contacts',
    openTicket: 'Open ticket', schedule: 'Schedule message', deleteConfirm: 'Delete this contact? All of its tickets are lost.', deleted: 'Contact deleted.', saved: 'Contact saved.',
    form: { titleAdd: 'Add contact', titleEdit: 'Edit contact', data: 'Contact data', extraInfo: 'Additional information', extraName: 'Field name', extraValue: 'Value', addExtra: 'Add information', removeExtra: 'Remove information' },
    ticket: { title: 'Open ticket', queue: 'Queue', open: 'Open', selectQueue: 'Select a queue', otherUser: 'This contact already has an open ticket with {{user}} in queue {{queue}}.' },
    importDialog: { title: 'Import contacts', hint: 'Choose an .xlsx spreadsheet or a .csv file with the columns name, number and e-mail (see the sample sheet).', choose: 'Choose .xlsx or .csv', remove: 'Remove file', send: 'Import', onlyXlsx: 'Only .xlsx spreadsheets or .csv files can be imported.', created: '{{count}} contact(s) imported', failed: '{{count}} row(s) refused', none: 'No rows imported.' },
  } },
  pt: { contacts: {
    data: {
      exportTitle: 'Exportar os dados deste contato', eraseTitle: 'Apagar os dados deste contato',
      exportWhat: 'Um .zip com tudo o que se guarda sobre este contato: dados, atendimentos e mensagens (JSON e uma transcrição legível), notas, tags, envios de campanhas, respostas a fluxos e arquivos.',
      exportRecord: 'A exportação fica registrada (quem e quando), sem o seu conteúdo.', download: 'Baixar .zip', exported: 'Exportação baixada.',
      eraseWhat: 'Apaga de vez o contato, seus atendimentos, mensagens e arquivos, notas, agendamentos, itens de listas e envios de campanhas e conversas com robôs. Não pode ser desfeito.',
      eraseRecord: 'Fica um registro de que houve um apagamento (quem, quando, quanto), sem os dados apagados.',
      typeNumber: 'Digite o número do contato ({{number}}) para confirmar', erase: 'Apagar tudo', erased: 'Os dados do contato foram apagados.',
    },
    title: 'Contatos', search: 'Pesquisar por nome, número ou e-mail', add: 'Adicionar contato', import: 'Importar', export: 'Exportar', exportCsv: 'Exportar CSV', exportXlsx: 'Exportar Excel (.xlsx)', sample: 'Baixar planilha de exemplo',
    name: 'Nome', number: 'Número do WhatsApp', email: 'E-mail', count: '{{count}} contatos',
    openTicket: 'Abrir atendimento', schedule: 'Agendar mensagem', deleteConfirm: 'Excluir este contato? Todos os atendimentos dele serão perdidos.', deleted: 'Contato excluído.', saved: 'Contato salvo.',
    form: { titleAdd: 'Adicionar contato', titleEdit: 'Editar contato', data: 'Dados do contato', extraInfo: 'Informações adicionais', extraName: 'Nome do campo', extraValue: 'Valor', addExtra: 'Adicionar informação', removeExtra: 'Remover informação' },
    ticket: { title: 'Abrir atendimento', queue: 'Fila', open: 'Abrir', selectQueue: 'Selecione uma fila', otherUser: 'Este contato já tem um atendimento aberto com {{user}} na fila {{queue}}.' },
    importDialog: { title: 'Importar contatos', hint: 'Escolha uma planilha .xlsx ou um arquivo .csv com as colunas nome, número e e-mail (veja a planilha de exemplo).', choose: 'Escolher .xlsx ou .csv', remove: 'Remover arquivo', send: 'Importar', onlyXlsx: 'Somente planilhas .xlsx ou arquivos .csv podem ser importados.', created: '{{count}} contato(s) importado(s)', failed: '{{count}} linha(s) recusada(s)', none: 'Nenhuma linha importada.' },
  } },
  es: { contacts: {
    data: {
      exportTitle: 'Exportar los datos de este contacto', eraseTitle: 'Borrar los datos de este contacto',
      exportWhat: 'Un .zip con todo lo que se guarda sobre este contacto: datos, atenciones y mensajes (JSON y una transcripción legible), notas, etiquetas, envíos de campañas, respuestas a flujos y archivos.',
      exportRecord: 'La exportación queda registrada (quién y cuándo), sin su contenido.', download: 'Descargar .zip', exported: 'Exportación descargada.',
      eraseWhat: 'Borra para siempre el contacto, sus atenciones, mensajes y archivos, notas, programaciones, elementos de listas y envíos de campañas y conversaciones con bots. No se puede deshacer.',
      eraseRecord: 'Queda un registro de que hubo un borrado (quién, cuándo, cuánto), sin los datos borrados.',
      typeNumber: 'Escriba el número del contacto ({{number}}) para confirmar', erase: 'Borrar todo', erased: 'Los datos del contacto fueron borrados.',
    },
    title: 'Contactos', search: 'Buscar por nombre, número o correo', add: 'Agregar contacto', import: 'Importar', export: 'Exportar', exportCsv: 'Exportar CSV', exportXlsx: 'Exportar Excel (.xlsx)', sample: 'Descargar planilla de ejemplo',
    name: 'Nombre', number: 'Número de WhatsApp', email: 'Correo', count: '{{count}} contactos',
    openTicket: 'Abrir atención', schedule: 'Programar mensaje', deleteConfirm: '¿Eliminar este contacto? Se perderán todas sus atenciones.', deleted: 'Contacto eliminado.', saved: 'Contacto guardado.',
    form: { titleAdd: 'Agregar contacto', titleEdit: 'Editar contacto', data: 'Datos del contacto', extraInfo: 'Información adicional', extraName: 'Nombre del campo', extraValue: 'Valor', addExtra: 'Agregar información', removeExtra: 'Quitar información' },
    ticket: { title: 'Abrir atención', queue: 'Cola', open: 'Abrir', selectQueue: 'Seleccione una cola', otherUser: 'Este contacto ya tiene una atención abierta con {{user}} en la cola {{queue}}.' },
    importDialog: { title: 'Importar contactos', hint: 'Elija una planilla .xlsx o un archivo .csv con las columnas nombre, número y correo (vea la planilla de ejemplo).', choose: 'Elegir .xlsx o .csv', remove: 'Quitar archivo', send: 'Importar', onlyXlsx: 'Solo se pueden importar planillas .xlsx o archivos .csv.', created: '{{count}} contacto(s) importado(s)', failed: '{{count}} fila(s) rechazada(s)', none: 'No se importó ninguna fila.' },
  } },
});
