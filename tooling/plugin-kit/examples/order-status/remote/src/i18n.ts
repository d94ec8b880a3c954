/** Merged into the console's i18next by the host before the page renders. */
export const messages = {
  pt: {
    orderStatus: {
      title: 'Pedidos', search: 'Número do pedido', number: 'Pedido', status: 'Situação', phone: 'Telefone', empty: 'Nenhum pedido recebido ainda.',
      webhook: 'Webhook da loja', webhookTitle: 'Webhook da loja', webhookUrl: 'Endereço do webhook', noWebhook: 'Ainda não há webhook: gere o segredo para criá-lo.',
      secret: 'Segredo (mostrado só agora: copie-o para a loja)', secretHint: 'A loja assina cada chamada com este segredo (cabeçalho X-Signature, HMAC-SHA256 do corpo).',
      makeSecret: 'Salvar gera um segredo novo; o anterior deixa de valer.', secretMade: 'Segredo gerado.',
      statuses: { received: 'recebido', shipped: 'enviado', delivered: 'entregue' },
      latest: 'Pedido {{number}}: {{status}}',
    },
  },
  en: {
    orderStatus: {
      title: 'Orders', search: 'Order number', number: 'Order', status: 'Status', phone: 'Phone', empty: 'No orders received yet.',
      webhook: 'Shop webhook', webhookTitle: 'Shop webhook', webhookUrl: 'Webhook address', noWebhook: 'No webhook yet: make the secret to create it.',
      secret: 'Secret (shown this once: copy it to the shop)', secretHint: 'The shop signs each call with this secret (X-Signature header, HMAC-SHA256 of the body).',
      makeSecret: 'Saving makes a new secret; the previous one stops working.', secretMade: 'Secret made.',
      statuses: { received: 'received', shipped: 'shipped', delivered: 'delivered' },
      latest: 'Order {{number}}: {{status}}',
    },
  },
  es: {
    orderStatus: {
      title: 'Pedidos', search: 'Número de pedido', number: 'Pedido', status: 'Estado', phone: 'Teléfono', empty: 'Aún no se recibió ningún pedido.',
      webhook: 'Webhook de la tienda', webhookTitle: 'Webhook de la tienda', webhookUrl: 'Dirección del webhook', noWebhook: 'Aún no hay webhook: genere el secreto para crearlo.',
      secret: 'Secreto (se muestra solo ahora: cópielo en la tienda)', secretHint: 'La tienda firma cada llamada con este secreto (encabezado X-Signature, HMAC-SHA256 del cuerpo).',
      makeSecret: 'Guardar genera un secreto nuevo; el anterior deja de valer.', secretMade: 'Secreto generado.',
      statuses: { received: 'recibido', shipped: 'enviado', delivered: 'entregado' },
      latest: 'Pedido {{number}}: {{status}}',
    },
  },
};
