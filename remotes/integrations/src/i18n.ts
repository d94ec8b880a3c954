/** Merged into the console's i18next by the host before the page renders. */
const pt = {
  menu: 'Integrações', title: 'Integrações', search: 'Pesquisar', add: 'Adicionar integração', titleAdd: 'Adicionar integração', titleEdit: 'Editar integração',
  type: 'Tipo', name: 'Nome', none: '—', picker: 'Integração',
  types: { dialogflow: 'Dialogflow', n8n: 'N8N', webhook: 'Webhook', typebot: 'Typebot', flowbuilder: 'Flowbuilder' },
  projectName: 'Nome do projeto', jsonContent: 'JSON da conta de serviço', language: 'Linguagem',
  languages: { 'pt-BR': 'Português', en: 'Inglês', es: 'Espanhol' },
  url: 'URL', typebotUrl: 'URL do Typebot', webhookSecret: 'Chave de assinatura (HMAC)', secretHint: 'Pelo menos 16 caracteres; as chamadas levam o cabeçalho webhook-signature.',
  secretKept: 'Mascarada: deixe como está para manter o valor salvo.',
  typebotSlug: 'Typebot slug', typebotExpires: 'Expirar em (minutos)', typebotDelayMessage: 'Intervalo entre mensagens (ms)',
  typebotKeywordFinish: 'Palavra para finalizar', typebotKeywordRestart: 'Palavra para reiniciar', typebotRestartMessage: 'Mensagem ao reiniciar',
  typebotUnknownMessage: 'Mensagem de opção inválida', flowId: 'Fluxo', flowIdHint: 'O fluxo que esta integração inicia; os fluxos são desenhados em Fluxos.', flowNone: 'Escolha um fluxo', flowsLoading: 'Carregando fluxos…', flowsEmpty: 'Nenhum fluxo ainda: desenhe um em Fluxos primeiro.', flowsUnavailable: 'O construtor de fluxos não faz parte do plano desta empresa.', flowMissing: 'Fluxo #{{id}} (excluído)',
  testSession: 'Testar sessão', testReply: 'Resposta do agente',
  saved: 'Integração salva.', deleted: 'Integração excluída.', deleteConfirm: 'Excluir a integração {{name}}?',
  required: 'Obrigatório', tooShort: 'Muito curto!', tooLong: 'Muito longo!', urlInvalid: 'Informe uma URL http(s)',
  secretShort: 'Pelo menos 16 caracteres', slugInvalid: 'Letras, números, - e _', range: 'Entre {{min}} e {{max}}',
};
type Messages = typeof pt;
const en: Messages = {
  menu: 'Integrations', title: 'Integrations', search: 'Search', add: 'Add integration', titleAdd: 'Add integration', titleEdit: 'Edit integration',
  type: 'Type', name: 'Name', none: '—', picker: 'Integration',
  types: { dialogflow: 'Dialogflow', n8n: 'N8N', webhook: 'Webhook', typebot: 'Typebot', flowbuilder: 'Flowbuilder' },
  projectName: 'Project name', jsonContent: 'Service account JSON', language: 'Language',
  languages: { 'pt-BR': 'Portuguese', en: 'English', es: 'Spanish' },
  url: 'URL', typebotUrl: 'Typebot URL', webhookSecret: 'Signing key (HMAC)', secretHint: 'At least 16 characters; calls carry the webhook-signature header.',
  secretKept: 'Masked: leave it as it is to keep the saved value.',
  typebotSlug: 'Typebot slug', typebotExpires: 'Expires in (minutes)', typebotDelayMessage: 'Delay between messages (ms)',
  typebotKeywordFinish: 'Keyword to finish', typebotKeywordRestart: 'Keyword to restart', typebotRestartMessage: 'Message on restart',
  typebotUnknownMessage: 'Invalid option message', flowId: 'Flow', flowIdHint: 'The flow this integration starts; flows are drawn under Flows.', flowNone: 'Choose a flow', flowsLoading: 'Loading flows…', flowsEmpty: 'No flows yet: draw one under Flows first.', flowsUnavailable: "The flow builder is not part of this company's plan.", flowMissing: 'Flow #{{id}} (deleted)',
  testSession: 'Test session', testReply: "Agent's answer",
  saved: 'Integration saved.', deleted: 'Integration deleted.', deleteConfirm: 'Delete the integration {{name}}?',
  required: 'Required', tooShort: 'Too Short!', tooLong: 'Too Long!', urlInvalid: 'Enter an http(s) URL',
  secretShort: 'At least 16 characters', slugInvalid: 'Letters, digits, - and _', range: 'Between {{min}} and {{max}}',
};
const es: Messages = {
  menu: 'Integraciones', title: 'Integraciones', search: 'Buscar', add: 'Agregar integración', titleAdd: 'Agregar integración', titleEdit: 'Editar integración',
  type: 'Tipo', name: 'Nombre', none: '—', picker: 'Integración',
  types: { dialogflow: 'Dialogflow', n8n: 'N8N', webhook: 'Webhook', typebot: 'Typebot', flowbuilder: 'Flowbuilder' },
  projectName: 'Nombre del proyecto', jsonContent: 'JSON de la cuenta de servicio', language: 'Idioma',
  languages: { 'pt-BR': 'Portugués', en: 'Inglés', es: 'Español' },
  url: 'URL', typebotUrl: 'URL de Typebot', webhookSecret: 'Clave de firma (HMAC)', secretHint: 'Al menos 16 caracteres; las llamadas llevan la cabecera webhook-signature.',
  secretKept: 'Enmascarada: déjela así para conservar el valor guardado.',
  typebotSlug: 'Typebot slug', typebotExpires: 'Expira en (minutos)', typebotDelayMessage: 'Intervalo entre mensajes (ms)',
  typebotKeywordFinish: 'Palabra para finalizar', typebotKeywordRestart: 'Palabra para reiniciar', typebotRestartMessage: 'Mensaje al reiniciar',
  typebotUnknownMessage: 'Mensaje de opción no válida', flowId: 'Flujo', flowIdHint: 'El flujo que inicia esta integración; los flujos se dibujan en Flujos.', flowNone: 'Elija un flujo', flowsLoading: 'Cargando flujos…', flowsEmpty: 'Aún no hay flujos: dibuje uno en Flujos primero.', flowsUnavailable: 'El constructor de flujos no forma parte del plan de esta empresa.', flowMissing: 'Flujo #{{id}} (eliminado)',
  testSession: 'Probar sesión', testReply: 'Respuesta del agente',
  saved: 'Integración guardada.', deleted: 'Integración eliminada.', deleteConfirm: '¿Eliminar la integración {{name}}?',
  required: 'Obligatorio', tooShort: '¡Muy corto!', tooLong: '¡Muy largo!', urlInvalid: 'Ingrese una URL http(s)',
  secretShort: 'Al menos 16 caracteres', slugInvalid: 'Letras, números, - y _', range: 'Entre {{min}} y {{max}}',
};
/** The catalogue codes of this plugin's errors, translated for the console's error toast. */
const errors = {
  pt: { ERR_TEST_SESSION_DIALOG: 'Não foi possível criar a sessão do Dialogflow: confira o JSON da conta de serviço.', ERR_TEST_REPLY_DIALOG: 'O agente do Dialogflow não respondeu.', ERR_INTEGRATION_NAME_IN_USE: 'Este nome de integração já está em uso.' },
  en: { ERR_TEST_SESSION_DIALOG: 'The Dialogflow session could not be created: check the service account JSON.', ERR_TEST_REPLY_DIALOG: 'The Dialogflow agent did not answer.', ERR_INTEGRATION_NAME_IN_USE: 'This integration name is already used.' },
  es: { ERR_TEST_SESSION_DIALOG: 'No se pudo crear la sesión de Dialogflow: revise el JSON de la cuenta de servicio.', ERR_TEST_REPLY_DIALOG: 'El agente de Dialogflow no respondió.', ERR_INTEGRATION_NAME_IN_USE: 'Este nombre de integración ya está en uso.' },
};
export const messages = { pt: { integrations: pt, errors: errors.pt }, en: { integrations: en, errors: errors.en }, es: { integrations: es, errors: errors.es } };
