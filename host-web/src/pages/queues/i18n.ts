import { addTranslations } from '../../i18n';

addTranslations({
  en: {
    queues: {
      title: 'Queues & chatbot', add: 'Add queue', id: 'Id', name: 'Name', color: 'Colour', greeting: 'Greeting message', order: 'Order',
      saved: 'Queue saved.', deleted: 'Queue deleted.', deleteConfirm: 'Delete this queue? Its tickets keep working but lose the queue.',
      form: { titleAdd: 'Add queue', titleEdit: 'Edit queue', dataTab: 'Queue data', hoursTab: 'Attendance time', optionsTab: 'Chatbot options', orderQueue: 'Order (chatbot)', greetingMessage: 'Greeting message', outOfHoursMessage: 'Out-of-hours message', start: 'Start', end: 'End', invalidTime: 'Use HH:MM (00:00 to 23:59)', saveFirst: 'Save the queue first to build its option menu.', saveAndBuildMenu: 'Save and build the menu', assignment: 'Assignment', assignmentCap: 'Most live tickets per agent', assignmentCapEmpty: 'No limit', slaFirstResponseMinutes: 'First response target (minutes)', slaFirstResponseMinutesEmpty: 'Company default', slaResolutionMinutes: 'Resolution target (minutes)', slaResolutionMinutesEmpty: 'Company default' },
      assignment: { manual: 'Manual (agents accept)', 'round-robin': 'Round-robin among available agents', 'least-busy': 'Least busy available agent' },
      options: { hint: 'The menu the customer sees; options are numbered in order. Open an option to add sub-options.', add: 'Add option', addChild: 'Add sub-option', title: 'Title', message: 'Message', showChildren: 'Show sub-options', hideChildren: 'Hide sub-options', empty: 'No options yet.', saved: 'Option saved.', deleted: 'Option deleted; the others were renumbered.', deleteConfirm: 'Delete this option and its sub-options?', titleRequired: 'The title is required' },
    },
    errors: { ERR_QUEUE_NAME_ALREADY_EXISTS: 'Another queue already has this name.', ERR_QUEUE_NOT_FOUND: 'Queue not found.', ERR_NO_QUEUE_OPTION_FOUND: 'Option not found.', ERR_INVALID_PARENT_OPTION: 'The parent option is not part of this queue.' },
  },
  pt: {
    queues: {
      title: 'Filas & chatbot', add: 'Adicionar fila', id: 'Id', name: 'Nome', color: 'Cor', greeting: 'Mensagem de saudação', order: 'Ordem',
      saved: 'Fila salva.', deleted: 'Fila excluída.', deleteConfirm: 'Excluir esta fila? Os atendimentos continuam, mas ficam sem fila.',
      form: { titleAdd: 'Adicionar fila', titleEdit: 'Editar fila', dataTab: 'Dados da fila', hoursTab: 'Horários de atendimento', optionsTab: 'Opções do chatbot', orderQueue: 'Ordem (chatbot)', greetingMessage: 'Mensagem de saudação', outOfHoursMessage: 'Mensagem fora de expediente', start: 'Início', end: 'Fim', invalidTime: 'Use HH:MM (00:00 a 23:59)', saveFirst: 'Salve a fila primeiro para montar o menu de opções.', saveAndBuildMenu: 'Salvar e montar o menu', assignment: 'Atribuição', assignmentCap: 'Máximo de atendimentos por atendente', assignmentCapEmpty: 'Sem limite', slaFirstResponseMinutes: 'Meta de primeira resposta (minutos)', slaFirstResponseMinutesEmpty: 'Padrão da empresa', slaResolutionMinutes: 'Meta de resolução (minutos)', slaResolutionMinutesEmpty: 'Padrão da empresa' },
      assignment: { manual: 'Manual (atendentes aceitam)', 'round-robin': 'Rodízio entre atendentes disponíveis', 'least-busy': 'Atendente disponível menos ocupado' },
      options: { hint: 'O menu que o cliente vê; as opções são numeradas em ordem. Abra uma opção para adicionar subopções.', add: 'Adicionar opção', addChild: 'Adicionar subopção', title: 'Título', message: 'Mensagem', showChildren: 'Mostrar subopções', hideChildren: 'Ocultar subopções', empty: 'Nenhuma opção ainda.', saved: 'Opção salva.', deleted: 'Opção excluída; as demais foram renumeradas.', deleteConfirm: 'Excluir esta opção e as subopções?', titleRequired: 'O título é obrigatório' },
    },
    errors: { ERR_QUEUE_NAME_ALREADY_EXISTS: 'Já existe uma fila com este nome.', ERR_QUEUE_NOT_FOUND: 'Fila não encontrada.', ERR_NO_QUEUE_OPTION_FOUND: 'Opção não encontrada.', ERR_INVALID_PARENT_OPTION: 'A opção pai não pertence a esta fila.' },
  },
  es: {
    queues: {
      title: 'Colas & chatbot', add: 'Agregar cola', id: 'Id', name: 'Nombre', color: 'Color', greeting: 'Mensaje de saludo', order: 'Orden',
      saved: 'Cola guardada.', deleted: 'Cola eliminada.', deleteConfirm: '¿Eliminar esta cola? Las atenciones siguen, pero quedan sin cola.',
      form: { titleAdd: 'Agregar cola', titleEdit: 'Editar cola', dataTab: 'Datos de la cola', hoursTab: 'Horario de atención', optionsTab: 'Opciones del chatbot', orderQueue: 'Orden (chatbot)', greetingMessage: 'Mensaje de saludo', outOfHoursMessage: 'Mensaje fuera de horario', start: 'Inicio', end: 'Fin', invalidTime: 'Use HH:MM (00:00 a 23:59)', saveFirst: 'Guarde la cola primero para armar el menú de opciones.', saveAndBuildMenu: 'Guardar y armar el menú', assignment: 'Asignación', assignmentCap: 'Máximo de atenciones por agente', assignmentCapEmpty: 'Sin límite', slaFirstResponseMinutes: 'Meta de primera respuesta (minutos)', slaFirstResponseMinutesEmpty: 'Predeterminado de la empresa', slaResolutionMinutes: 'Meta de resolución (minutos)', slaResolutionMinutesEmpty: 'Predeterminado de la empresa' },
      assignment: { manual: 'Manual (los agentes aceptan)', 'round-robin': 'Rotación entre agentes disponibles', 'least-busy': 'Agente disponible menos ocupado' },
      options: { hint: 'El menú que ve el cliente; las opciones se numeran en orden. Abra una opción para agregar subopciones.', add: 'Agregar opción', addChild: 'Agregar subopción', title: 'Título', message: 'Mensaje', showChildren: 'Mostrar subopciones', hideChildren: 'Ocultar subopciones', empty: 'Aún no hay opciones.', saved: 'Opción guardada.', deleted: 'Opción eliminada; las demás se renumeraron.', deleteConfirm: '¿Eliminar esta opción y sus subopciones?', titleRequired: 'El título es obligatorio' },
    },
    errors: { ERR_QUEUE_NAME_ALREADY_EXISTS: 'Ya existe una cola con este nombre.', ERR_QUEUE_NOT_FOUND: 'Cola no encontrada.', ERR_NO_QUEUE_OPTION_FOUND: 'Opción no encontrada.', ERR_INVALID_PARENT_OPTION: 'La opción padre no pertenece a esta cola.' },
  },
});
