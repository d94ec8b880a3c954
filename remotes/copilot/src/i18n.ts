/** Merged into the console's i18next by the host before the pages render (under `copilot.`). */
const pt = {
  menu: 'Copiloto', title: 'Copiloto', articlesMenu: 'Base de conhecimento', articles: 'Base de conhecimento',
  settings: 'Conexão com o modelo', baseUrl: 'URL base (compatível com OpenAI)', baseUrlHint: 'Vazio: o servidor padrão do operador. Ex.: https://api.openai.com/v1 ou o seu servidor local.',
  model: 'Modelo', apiKey: 'Chave da API', apiKeyKept: 'Mascarada: deixe como está para manter a chave salva.',
  budget: 'Orçamento mensal de tokens (0 = sem limite)', perMinute: 'Pedidos por agente por minuto', price: 'Preço por milhão de tokens',
  windowMessages: 'Mensagens da conversa enviadas', timeoutMs: 'Tempo limite (ms)', summaryOnTransfer: 'Resumo como nota ao transferir',
  includeNotes: 'Enviar notas internas ao modelo', maskNumbers: 'Mascarar números e e-mails', save: 'Salvar', saved: 'Configurações salvas.',
  usage: 'Uso do mês', month: 'Mês', agent: 'Agente', calls: 'Chamadas', tokens: 'Tokens', cost: 'Custo estimado', automatic: 'Automático', used: 'Usado {{used}} de {{budget}}',
  search: 'Pesquisar', add: 'Novo artigo', edit: 'Editar artigo', articleTitle: 'Título', body: 'Texto (Markdown)', tags: 'Etiquetas (separadas por vírgula)', language: 'Idioma',
  status: 'Situação', published: 'Publicado', draft: 'Rascunho', cancel: 'Cancelar', delete: 'Excluir', deleteConfirm: 'Excluir o artigo {{title}}?', loadMore: 'Carregar mais',
  importQuick: 'Importar respostas rápidas', importFile: 'Importar arquivo (.txt, .md)', imported: '{{imported}} importadas, {{skipped}} já existiam.', empty: 'Nenhum artigo.',
  suggest: 'Sugerir', summarise: 'Resumir', improve: 'Melhorar', stop: 'Parar', again: 'De novo', sources: 'Fontes:', summary: 'Resumo',
  fix: 'Corrigir', friendlier: 'Mais simpático', formal: 'Mais formal', shorten: 'Encurtar', translate: 'Traduzir para', close: 'Fechar',
  shortcuts: 'Atalhos: Alt+S sugerir, Alt+R resumir, Alt+M melhorar, Esc parar', translateMessage: 'Traduzir', translation: 'Tradução',
};
type Messages = typeof pt;
const en: Messages = {
  menu: 'Copilot', title: 'Copilot', articlesMenu: 'Knowledge base', articles: 'Knowledge base',
  settings: 'Model connection', baseUrl: 'Base URL (OpenAI-compatible)', baseUrlHint: "Empty: the operator's default server. E.g. https://api.openai.com/v1 or your local server.",
  model: 'Model', apiKey: 'API key', apiKeyKept: 'Masked: leave it as it is to keep the saved key.',
  budget: 'Monthly token budget (0 = no limit)', perMinute: 'Requests per agent per minute', price: 'Price per million tokens',
  windowMessages: 'Conversation messages sent', timeoutMs: 'Timeout (ms)', summaryOnTransfer: 'Summary note on transfer',
  includeNotes: 'Send internal notes to the model', maskNumbers: 'Mask numbers and e-mails', save: 'Save', saved: 'Settings saved.',
  usage: "This month's usage", month: 'Month', agent: 'Agent', calls: 'Calls', tokens: 'Tokens', cost: 'Estimated cost', automatic: 'Automatic', used: 'Used {{used}} of {{budget}}',
  search: 'Search', add: 'New article', edit: 'Edit article', articleTitle: 'Title', body: 'Text (Markdown)', tags: 'Tags (comma separated)', language: 'Language',
  status: 'Status', published: 'Published', draft: 'Draft', cancel: 'Cancel', delete: 'Delete', deleteConfirm: 'Delete the article {{title}}?', loadMore: 'Load more',
  importQuick: 'Import quick replies', importFile: 'Import file (.txt, .md)', imported: '{{imported}} imported, {{skipped}} already there.', empty: 'No articles.',
  suggest: 'Suggest', summarise: 'Summarise', improve: 'Improve', stop: 'Stop', again: 'Again', sources: 'Sources:', summary: 'Summary',
  fix: 'Fix', friendlier: 'Friendlier', formal: 'More formal', shorten: 'Shorten', translate: 'Translate to', close: 'Close',
  shortcuts: 'Shortcuts: Alt+S suggest, Alt+R summarise, Alt+M improve, Esc stop', translateMessage: 'Translate', translation: 'Translation',
};
const es: Messages = {
  menu: 'Copiloto', title: 'Copiloto', articlesMenu: 'Base de conocimiento', articles: 'Base de conocimiento',
  settings: 'Conexión con el modelo', baseUrl: 'URL base (compatible con OpenAI)', baseUrlHint: 'Vacío: el servidor predeterminado del operador. Ej.: https://api.openai.com/v1 o su servidor local.',
  model: 'Modelo', apiKey: 'Clave de API', apiKeyKept: 'Enmascarada: déjela así para conservar la clave guardada.',
  budget: 'Presupuesto mensual de tokens (0 = sin límite)', perMinute: 'Solicitudes por agente por minuto', price: 'Precio por millón de tokens',
  windowMessages: 'Mensajes de la conversación enviados', timeoutMs: 'Tiempo límite (ms)', summaryOnTransfer: 'Resumen como nota al transferir',
  includeNotes: 'Enviar notas internas al modelo', maskNumbers: 'Enmascarar números y correos', save: 'Guardar', saved: 'Ajustes guardados.',
  usage: 'Uso del mes', month: 'Mes', agent: 'Agente', calls: 'Llamadas', tokens: 'Tokens', cost: 'Costo estimado', automatic: 'Automático', used: 'Usado {{used}} de {{budget}}',
  search: 'Buscar', add: 'Nuevo artículo', edit: 'Editar artículo', articleTitle: 'Título', body: 'Texto (Markdown)', tags: 'Etiquetas (separadas por comas)', language: 'Idioma',
  status: 'Estado', published: 'Publicado', draft: 'Borrador', cancel: 'Cancelar', delete: 'Eliminar', deleteConfirm: '¿Eliminar el artículo {{title}}?', loadMore: 'Cargar más',
  importQuick: 'Importar respuestas rápidas', importFile: 'Importar archivo (.txt, .md)', imported: '{{imported}} importadas, {{skipped}} ya existían.', empty: 'Ningún artículo.',
  suggest: 'Sugerir', summarise: 'Resumir', improve: 'Mejorar', stop: 'Detener', again: 'Otra vez', sources: 'Fuentes:', summary: 'Resumen',
  fix: 'Corregir', friendlier: 'Más amable', formal: 'Más formal', shorten: 'Acortar', translate: 'Traducir a', close: 'Cerrar',
  shortcuts: 'Atajos: Alt+S sugerir, Alt+R resumir, Alt+M mejorar, Esc detener', translateMessage: 'Traducir', translation: 'Traducción',
};

export const messages = { pt: { copilot: pt }, en: { copilot: en }, es: { copilot: es } };
