import { addTranslations } from '../../i18n';

addTranslations({
  en: { connections: {
   
    title: 'Connections', add: 'Add connection', name: 'Name', status: 'Status', session: 'Session', lastUpdate: 'Last update', default: 'Default',
    qr: 'QR code', tryAgain: 'Try again', newQr: 'New QR', disconnect: 'Disconnect', connecting: 'Connecting', sandbox: 'Sandbox phone', scanHint: 'Scan this code with the phone',
    saved: 'Connection saved.', deleted: 'Connection deleted.', deleteConfirm: 'Delete this connection?',
    statuses: { CONNECTED: 'Connected', DISCONNECTED: 'Disconnected', OPENING: 'Opening', PAIRING: 'Pairing', TIMEOUT: 'Timeout', qrcode: 'Waiting for QR scan' },
    form: { titleAdd: 'Add connection', titleEdit: 'Edit connection', name: 'Name', isDefault: 'Default', provider: 'Provider', greetingMessage: 'Greeting message', complationMessage: 'Completion message', outOfHoursMessage: 'Out-of-hours message', ratingMessage: 'Rating message', token: 'Token', queues: 'Queues', transferQueue: 'Transfer queue', timeToTransfer: 'Transfer after (minutes)', expiresTicket: 'Close inactive tickets after (hours)', expiresInactiveMessage: 'Inactivity closing message', timeUseBotQueues: 'Chatbot reset time (minutes)', maxUseBotQueues: 'Max chatbot uses' },
  } },
  pt: { connections: {
   
    title: 'Conexões', add: 'Adicionar conexão', name: 'Nome', status: 'Status', session: 'Sessão', lastUpdate: 'Última atualização', default: 'Padrão',
    qr: 'QR code', tryAgain: 'Tentar novamente', newQr: 'Novo QR', disconnect: 'Desconectar', connecting: 'Conectando', sandbox: 'Telefone sandbox', scanHint: 'Leia este código com o celular',
    saved: 'Conexão salva.', deleted: 'Conexão excluída.', deleteConfirm: 'Excluir esta conexão?',
    statuses: { CONNECTED: 'Conectado', DISCONNECTED: 'Desconectado', OPENING: 'Abrindo', PAIRING: 'Pareando', TIMEOUT: 'Tempo esgotado', qrcode: 'Aguardando leitura do QR' },
    form: { titleAdd: 'Adicionar conexão', titleEdit: 'Editar conexão', name: 'Nome', isDefault: 'Padrão', provider: 'Provedor', greetingMessage: 'Mensagem de saudação', complationMessage: 'Mensagem de conclusão', outOfHoursMessage: 'Mensagem fora de expediente', ratingMessage: 'Mensagem de avaliação', token: 'Token', queues: 'Filas', transferQueue: 'Fila de transferência', timeToTransfer: 'Transferir após (minutos)', expiresTicket: 'Fechar atendimentos inativos após (horas)', expiresInactiveMessage: 'Mensagem de encerramento por inatividade', timeUseBotQueues: 'Tempo para reiniciar o chatbot (minutos)', maxUseBotQueues: 'Máximo de usos do chatbot' },
  } },
  es: { connections: {
   
    title: 'Conexiones', add: 'Agregar conexión', name: 'Nombre', status: 'Estado', session: 'Sesión', lastUpdate: 'Última actualización', default: 'Predeterminada',
    qr: 'Código QR', tryAgain: 'Reintentar', newQr: 'Nuevo QR', disconnect: 'Desconectar', connecting: 'Conectando', sandbox: 'Teléfono sandbox', scanHint: 'Escanee este código con el teléfono',
    saved: 'Conexión guardada.', deleted: 'Conexión eliminada.', deleteConfirm: '¿Eliminar esta conexión?',
    statuses: { CONNECTED: 'Conectado', DISCONNECTED: 'Desconectado', OPENING: 'Abriendo', PAIRING: 'Emparejando', TIMEOUT: 'Tiempo agotado', qrcode: 'Esperando lectura del QR' },
    form: { titleAdd: 'Agregar conexión', titleEdit: 'Editar conexión', name: 'Nombre', isDefault: 'Predeterminada', provider: 'Proveedor', greetingMessage: 'Mensaje de saludo', complationMessage: 'Mensaje de cierre', outOfHoursMessage: 'Mensaje fuera de horario', ratingMessage: 'Mensaje de evaluación', token: 'Token', queues: 'Colas', transferQueue: 'Cola de transferencia', timeToTransfer: 'Transferir después de (minutos)', expiresTicket: 'Cerrar atenciones inactivas después de (horas)', expiresInactiveMessage: 'Mensaje de cierre por inactividad', timeUseBotQueues: 'Tiempo para reiniciar el chatbot (minutos)', maxUseBotQueues: 'Máximo de usos del chatbot' },
  } },
});
