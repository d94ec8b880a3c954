/** Merged into the console's i18next by the host before the page renders. */
const pt = {
  menu: 'Open.Ai', title: 'Prompts', search: 'Pesquisar', add: 'Adicionar prompt', titleAdd: 'Adicionar prompt', titleEdit: 'Editar prompt',
  name: 'Nome', queue: 'Setor', model: 'Modelo', apiKey: 'Chave da API', apiKeyKept: 'Mascarada: deixe como está para manter a chave salva.', apiKeyHint: 'Crie a chave em platform.openai.com, em API keys (a conta precisa de créditos). Com outro endpoint compatível, use a chave dele.', modelHint: 'Modelos da OpenAI, ou os do endpoint compatível com a API da OpenAI que o servidor usa (OPENAI_BASE_URL, definido por quem o opera): por exemplo OpenRouter, Groq, ou Ollama, vLLM e LM Studio locais em http://host:porta/v1.',
  prompt: 'Prompt', maxTokens: 'Máximo de tokens na resposta', temperature: 'Temperatura', temperatureHint: 'De 0 a 1, passos de 0,1',
  maxMessages: 'Máximo de mensagens no histórico', maxMessagesHint: 'As mais recentes do ticket', none: '—',
  saved: 'Prompt salvo.', deleted: 'Prompt excluído.', deleteConfirm: 'Excluir o prompt {{name}}?',
  required: 'Obrigatório', tooShort: 'Muito curto!', tooLong: 'Muito longo!', promptShort: 'O prompt tem pelo menos 50 caracteres',
  queueRequired: 'Informe o setor', modelInvalid: 'Nome de modelo inválido', range: 'Entre {{min}} e {{max}}', temperatureStep: 'Use passos de 0,1',
  picker: 'Prompt de IA',
};
type Messages = typeof pt;
const en: Messages = {
  menu: 'Open.Ai', title: 'Prompts', search: 'Search', add: 'Add prompt', titleAdd: 'Add prompt', titleEdit: 'Edit prompt',
  name: 'Name', queue: 'Queue', model: 'Model', apiKey: 'API key', apiKeyKept: 'Masked: leave it as it is to keep the saved key.', apiKeyHint: 'Create the key at platform.openai.com, under API keys (the account needs credit). With another compatible endpoint, use its key.', modelHint: "OpenAI's models, or those of the OpenAI-compatible endpoint the server uses (OPENAI_BASE_URL, set by whoever runs it): e.g. OpenRouter, Groq, or a local Ollama, vLLM or LM Studio at http://host:port/v1.",
  prompt: 'Prompt', maxTokens: 'Max tokens in the answer', temperature: 'Temperature', temperatureHint: '0 to 1, in steps of 0.1',
  maxMessages: 'Max messages of history', maxMessagesHint: "The ticket's newest", none: '—',
  saved: 'Prompt saved.', deleted: 'Prompt deleted.', deleteConfirm: 'Delete the prompt {{name}}?',
  required: 'Required', tooShort: 'Too Short!', tooLong: 'Too Long!', promptShort: 'The prompt has at least 50 characters',
  queueRequired: 'Choose the queue', modelInvalid: 'Invalid model name', range: 'Between {{min}} and {{max}}', temperatureStep: 'Use steps of 0.1',
  picker: 'AI prompt',
};
const es: Messages = {
  menu: 'Open.Ai', title: 'Prompts', search: 'Buscar', add: 'Agregar prompt', titleAdd: 'Agregar prompt', titleEdit: 'Editar prompt',
  name: 'Nombre', queue: 'Sector', model: 'Modelo', apiKey: 'Clave de API', apiKeyKept: 'Enmascarada: déjela así para conservar la clave guardada.', apiKeyHint: 'Cree la clave en platform.openai.com, en API keys (la cuenta necesita créditos). Con otro endpoint compatible, use su clave.', modelHint: 'Modelos de OpenAI, o los del endpoint compatible con la API de OpenAI que usa el servidor (OPENAI_BASE_URL, definido por quien lo opera): por ejemplo OpenRouter, Groq, u Ollama, vLLM y LM Studio locales en http://host:puerto/v1.',
  prompt: 'Prompt', maxTokens: 'Máximo de tokens en la respuesta', temperature: 'Temperatura', temperatureHint: 'De 0 a 1, en pasos de 0,1',
  maxMessages: 'Máximo de mensajes de historial', maxMessagesHint: 'Los más recientes del ticket', none: '—',
  saved: 'Prompt guardado.', deleted: 'Prompt eliminado.', deleteConfirm: '¿Eliminar el prompt {{name}}?',
  required: 'Obligatorio', tooShort: '¡Muy corto!', tooLong: '¡Muy largo!', promptShort: 'El prompt tiene al menos 50 caracteres',
  queueRequired: 'Elija el sector', modelInvalid: 'Nombre de modelo no válido', range: 'Entre {{min}} y {{max}}', temperatureStep: 'Use pasos de 0,1',
  picker: 'Prompt de IA',
};
// ERR_NO_PROMPT_FOUND is translated by the host: the core's queue and connection dialogs answer it too (sdk.references).
export const messages = { pt: { prompts: pt }, en: { prompts: en }, es: { prompts: es } };
