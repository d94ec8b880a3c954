import { addTranslations } from '../../i18n';

addTranslations({
  en: { messagesApi: {
    title: 'Messages API', intro: 'Send messages from your own systems through one of your connections.',
    howTitle: 'How to send', how1: 'Copy the token of a connection (Connections → edit → Token).', how2: 'Send a POST to the address below with the header Authorization: Bearer <token>.',
    how3: 'Text: a JSON body with number (country and area code, digits only) and body.', how4: 'Media: a multipart/form-data body with number, medias (the file) and an optional body (the caption).',
    textTitle: 'Test: text message', mediaTitle: 'Test: media message', token: 'Connection token', number: 'Number', numberHint: '5511999999999', body: 'Message', file: 'File', choose: 'Choose file', remove: 'Remove file',
    send: 'Send', answer: 'Answer (HTTP {{status}})', sent: 'Message sent.', failed: 'The message was not sent.', required: 'Required', unauthorized: 'This company has no permission to access this page.',
  } },
  pt: { messagesApi: {
    title: 'API de mensagens', intro: 'Envie mensagens dos seus próprios sistemas por uma das suas conexões.',
    howTitle: 'Como enviar', how1: 'Copie o token de uma conexão (Conexões → editar → Token).', how2: 'Faça um POST para o endereço abaixo com o cabeçalho Authorization: Bearer <token>.',
    how3: 'Texto: um corpo JSON com number (DDI e DDD, só dígitos) e body.', how4: 'Mídia: um corpo multipart/form-data com number, medias (o arquivo) e body opcional (a legenda).',
    textTitle: 'Teste: mensagem de texto', mediaTitle: 'Teste: mensagem com mídia', token: 'Token da conexão', number: 'Número', numberHint: '5511999999999', body: 'Mensagem', file: 'Arquivo', choose: 'Escolher arquivo', remove: 'Remover arquivo',
    send: 'Enviar', answer: 'Resposta (HTTP {{status}})', sent: 'Mensagem enviada.', failed: 'A mensagem não foi enviada.', required: 'Obrigatório', unauthorized: 'Esta empresa não tem permissão para acessar esta página.',
  } },
  es: { messagesApi: {
    title: 'API de mensajes', intro: 'Envíe mensajes desde sus propios sistemas por una de sus conexiones.',
    howTitle: 'Cómo enviar', how1: 'Copie el token de una conexión (Conexiones → editar → Token).', how2: 'Haga un POST a la dirección de abajo con el encabezado Authorization: Bearer <token>.',
    how3: 'Texto: un cuerpo JSON con number (código de país y área, solo dígitos) y body.', how4: 'Medio: un cuerpo multipart/form-data con number, medias (el archivo) y body opcional (el pie).',
    textTitle: 'Prueba: mensaje de texto', mediaTitle: 'Prueba: mensaje con medio', token: 'Token de la conexión', number: 'Número', numberHint: '5511999999999', body: 'Mensaje', file: 'Archivo', choose: 'Elegir archivo', remove: 'Quitar archivo',
    send: 'Enviar', answer: 'Respuesta (HTTP {{status}})', sent: 'Mensaje enviado.', failed: 'El mensaje no se envió.', required: 'Obligatorio', unauthorized: 'Esta empresa no tiene permiso para acceder a esta página.',
  } },
});
