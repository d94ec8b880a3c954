import { addTranslations } from '../../i18n';

addTranslations({
  en: {
    invoices: { title: 'Invoices', id: 'Id', detail: 'Details', value: 'Value', dueDate: 'Due date', status: 'Status', action: 'Action', pay: 'Pay', paidButton: 'PAID',
      states: { paid: 'Paid', expired: 'Expired', open: 'Open' },
      checkout: {
        title: 'Checkout', invoice: 'Invoice #{{id}}', back: 'Back', next: 'Next', pay: 'Generate Pix', invalidZip: 'Invalid zip code',
        steps: { data: 'Data', plan: 'Plan', review: 'Review' },
        fields: { firstName: 'First name', lastName: 'Last name', address2: 'Address', city: 'City', state: 'State', zipcode: 'Zip code', country: 'Country' },
        scan: 'Scan the QR code with your bank app or copy the code to pay {{value}}.', copyPaste: 'Pix copy-paste code', copy: 'Copy', copied: 'Copied!',
        sandboxPay: 'Pay with the sandbox gateway', renewed: 'Payment confirmed! Your license was renewed until {{date}}.',
      } },
    renew: { title: 'Renew your subscription', expired: 'Your subscription expired on {{date}}. Pay an open invoice to get back in.', none: 'There is no open invoice to pay. Contact support.', back: 'Back to sign in' },
    errors: {
      ERR_INVOICE_ALREADY_PAID: 'This invoice is already paid.',
      ERR_PAYMENT_GATEWAY_NOT_CONFIGURED: 'Online payment is not available yet. Contact support.',
      ERR_PAYMENT_GATEWAY: 'The payment gateway did not answer. Try again in a moment.',
      ERR_SANDBOX_GATEWAY_DISABLED: 'The sandbox gateway is not enabled.',
      ERR_NO_INVOICE_FOUND: 'Invoice not found.',
    },
  },
  pt: {
    invoices: { title: 'Faturas', id: 'Id', detail: 'Detalhes', value: 'Valor', dueDate: 'Vencimento', status: 'Status', action: 'Ação', pay: 'Pagar', paidButton: 'PAGO',
      states: { paid: 'Pago', expired: 'Vencido', open: 'Em aberto' },
      checkout: {
        title: 'Pagamento', invoice: 'Fatura nº {{id}}', back: 'Voltar', next: 'Próximo', pay: 'Gerar Pix', invalidZip: 'CEP inválido',
        steps: { data: 'Dados', plan: 'Plano', review: 'Revisar' },
        fields: { firstName: 'Nome', lastName: 'Sobrenome', address2: 'Endereço', city: 'Cidade', state: 'Estado', zipcode: 'CEP', country: 'País' },
        scan: 'Leia o QR code no app do seu banco ou copie o código para pagar {{value}}.', copyPaste: 'Código Pix copia e cola', copy: 'Copiar', copied: 'Copiado!',
        sandboxPay: 'Pagar com o gateway sandbox', renewed: 'Pagamento confirmado! Sua licença foi renovada até {{date}}.',
      } },
    renew: { title: 'Renove sua assinatura', expired: 'Sua assinatura expirou em {{date}}. Pague uma fatura em aberto para voltar a entrar.', none: 'Não há fatura em aberto para pagar. Fale com o suporte.', back: 'Voltar ao login' },
    errors: {
      ERR_INVOICE_ALREADY_PAID: 'Esta fatura já está paga.',
      ERR_PAYMENT_GATEWAY_NOT_CONFIGURED: 'O pagamento on-line ainda não está disponível. Fale com o suporte.',
      ERR_PAYMENT_GATEWAY: 'O gateway de pagamento não respondeu. Tente novamente em instantes.',
      ERR_SANDBOX_GATEWAY_DISABLED: 'O gateway sandbox não está habilitado.',
      ERR_NO_INVOICE_FOUND: 'Fatura não encontrada.',
    },
  },
  es: {
    invoices: { title: 'Facturas', id: 'Id', detail: 'Detalles', value: 'Valor', dueDate: 'Vencimiento', status: 'Estado', action: 'Acción', pay: 'Pagar', paidButton: 'PAGADO',
      states: { paid: 'Pagada', expired: 'Vencida', open: 'Abierta' },
      checkout: {
        title: 'Pago', invoice: 'Factura n.º {{id}}', back: 'Atrás', next: 'Siguiente', pay: 'Generar Pix', invalidZip: 'Código postal inválido',
        steps: { data: 'Datos', plan: 'Plan', review: 'Revisar' },
        fields: { firstName: 'Nombre', lastName: 'Apellido', address2: 'Dirección', city: 'Ciudad', state: 'Estado', zipcode: 'Código postal', country: 'País' },
        scan: 'Escanee el código QR con la app de su banco o copie el código para pagar {{value}}.', copyPaste: 'Código Pix copia y pega', copy: 'Copiar', copied: '¡Copiado!',
        sandboxPay: 'Pagar con el gateway sandbox', renewed: '¡Pago confirmado! Su licencia fue renovada hasta el {{date}}.',
      } },
    renew: { title: 'Renueve su suscripción', expired: 'Su suscripción expiró el {{date}}. Pague una factura abierta para volver a entrar.', none: 'No hay factura abierta para pagar. Contacte a soporte.', back: 'Volver al inicio de sesión' },
    errors: {
      ERR_INVOICE_ALREADY_PAID: 'Esta factura ya está pagada.',
      ERR_PAYMENT_GATEWAY_NOT_CONFIGURED: 'El pago en línea aún no está disponible. Contacte a soporte.',
      ERR_PAYMENT_GATEWAY: 'El gateway de pago no respondió. Intente de nuevo en un momento.',
      ERR_SANDBOX_GATEWAY_DISABLED: 'El gateway sandbox no está habilitado.',
      ERR_NO_INVOICE_FOUND: 'Factura no encontrada.',
    },
  },
});
