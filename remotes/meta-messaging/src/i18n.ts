/** Merged into the console's i18next by the host before the slot renders; `errors` are the plugin's codes. */
const pt = {
  metaMessaging: {
    title: 'Messenger e Instagram', messenger: 'Messenger (Página do Facebook)', instagram: 'Direct do Instagram',
    fields: { pageId: 'ID da Página', instagramId: 'ID da conta profissional do Instagram', pageAccessToken: 'Token de acesso da Página', appSecret: 'Chave secreta do app', verifyToken: 'Token de verificação' },
    hints: {
      pageId: 'Na Página: Sobre → Transparência da Página, ou no Gerenciador de Negócios.',
      instagramId: 'A conta do Instagram vinculada à Página (Graph API: /<página>?fields=instagram_business_account).',
      pageAccessToken: 'Um token de longa duração com pages_messaging (e instagram_manage_messages para o Instagram).',
      appSecret: 'Configurações do app → Básico: a Meta assina cada entrega com ela.',
      verifyToken: 'Um texto que você escolhe e repete na configuração do webhook do app.',
    },
    webhook: 'URL do webhook para o app da Meta: {{url}}',
    webhookAfterSave: 'A URL do webhook aparece aqui depois de salvar.',
    window: 'Até 24 h depois da última mensagem do cliente, qualquer resposta; de 24 h a 7 dias, só mensagens de um atendente (tag HUMAN_AGENT); depois, nenhuma.',
  },
  errors: {
    ERR_META_WINDOW_CLOSED: 'Mais de 7 dias desde a última mensagem do cliente (ou nenhuma): a Meta só aceita mensagens depois que ele escrever de novo.',
    ERR_META_HUMAN_AGENT_ONLY: 'Mais de 24 horas desde a última mensagem do cliente: até 7 dias, só um atendente pode responder (não bots, campanhas ou fluxos).',
    ERR_META_TOKEN_INVALID: 'O token de acesso da Página expirou ou não é válido. Salve um novo na conexão.',
    ERR_META_RATE_LIMIT: 'A Meta está limitando os envios desta Página. Tente de novo em instantes.',
    ERR_META_RECIPIENT_UNAVAILABLE: 'Esta pessoa não pode receber mensagens da Página agora.',
    ERR_META_API: 'A Meta recusou a chamada.',
  },
};
type Messages = typeof pt;
const en: Messages = {
  metaMessaging: {
    title: 'Messenger and Instagram', messenger: 'Messenger (Facebook Page)', instagram: 'Instagram Direct',
    fields: { pageId: 'Page ID', instagramId: 'Instagram professional account ID', pageAccessToken: 'Page access token', appSecret: 'App secret', verifyToken: 'Verify token' },
    hints: {
      pageId: 'On the Page: About → Page transparency, or in Business Manager.',
      instagramId: 'The Instagram account linked to the Page (Graph API: /<page>?fields=instagram_business_account).',
      pageAccessToken: 'A long-lived token with pages_messaging (and instagram_manage_messages for Instagram).',
      appSecret: 'App settings → Basic: Meta signs every delivery with it.',
      verifyToken: 'A text you choose and repeat in the app\'s webhook setup.',
    },
    webhook: 'Webhook URL for the Meta app: {{url}}',
    webhookAfterSave: 'The webhook URL shows here once saved.',
    window: 'Up to 24 h after the customer\'s last message, any reply; from 24 h to 7 days, only an agent\'s message (HUMAN_AGENT tag); after that, none.',
  },
  errors: {
    ERR_META_WINDOW_CLOSED: 'More than 7 days since the customer\'s last message (or none): Meta takes messages again only once they write.',
    ERR_META_HUMAN_AGENT_ONLY: 'More than 24 hours since the customer\'s last message: up to 7 days only an agent may reply (not bots, campaigns or flows).',
    ERR_META_TOKEN_INVALID: 'The Page access token has expired or is not valid. Save a new one in the connection.',
    ERR_META_RATE_LIMIT: 'Meta is limiting this Page\'s sends. Try again in a moment.',
    ERR_META_RECIPIENT_UNAVAILABLE: 'This person cannot receive messages from the Page right now.',
    ERR_META_API: 'Meta refused the call.',
  },
};
const es: Messages = {
  metaMessaging: {
    title: 'Messenger e Instagram', messenger: 'Messenger (Página de Facebook)', instagram: 'Direct de Instagram',
    fields: { pageId: 'ID de la Página', instagramId: 'ID de la cuenta profesional de Instagram', pageAccessToken: 'Token de acceso de la Página', appSecret: 'Clave secreta de la app', verifyToken: 'Token de verificación' },
    hints: {
      pageId: 'En la Página: Información → Transparencia de la Página, o en el Administrador comercial.',
      instagramId: 'La cuenta de Instagram vinculada a la Página (Graph API: /<página>?fields=instagram_business_account).',
      pageAccessToken: 'Un token de larga duración con pages_messaging (e instagram_manage_messages para Instagram).',
      appSecret: 'Configuración de la app → Básica: Meta firma cada entrega con ella.',
      verifyToken: 'Un texto que usted elige y repite en la configuración del webhook de la app.',
    },
    webhook: 'URL del webhook para la app de Meta: {{url}}',
    webhookAfterSave: 'La URL del webhook aparece aquí después de guardar.',
    window: 'Hasta 24 h después del último mensaje del cliente, cualquier respuesta; de 24 h a 7 días, solo mensajes de un agente (etiqueta HUMAN_AGENT); después, ninguno.',
  },
  errors: {
    ERR_META_WINDOW_CLOSED: 'Más de 7 días desde el último mensaje del cliente (o ninguno): Meta acepta mensajes otra vez solo cuando escriba.',
    ERR_META_HUMAN_AGENT_ONLY: 'Más de 24 horas desde el último mensaje del cliente: hasta 7 días solo un agente puede responder (no bots, campañas ni flujos).',
    ERR_META_TOKEN_INVALID: 'El token de acceso de la Página expiró o no es válido. Guarde uno nuevo en la conexión.',
    ERR_META_RATE_LIMIT: 'Meta está limitando los envíos de esta Página. Inténtelo de nuevo en un momento.',
    ERR_META_RECIPIENT_UNAVAILABLE: 'Esta persona no puede recibir mensajes de la Página ahora.',
    ERR_META_API: 'Meta rechazó la llamada.',
  },
};
export const messages = { pt, en, es };
