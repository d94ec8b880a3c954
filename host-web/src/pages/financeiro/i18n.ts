import { addTranslations } from '../../i18n';

addTranslations({
  en: { invoices: { title: 'Invoices', id: 'Id', detail: 'Details', value: 'Value', dueDate: 'Due date', status: 'Status', action: 'Action', pay: 'Pay', paidButton: 'PAID',
    states: { paid: 'Paid', expired: 'Expired', open: 'Open' },
    checkout: { title: 'Checkout', invoice: 'Invoice #{{id}}', unavailable: 'Online payment is not available yet. Contact support to pay this invoice.' } } },
  pt: { invoices: { title: 'Faturas', id: 'Id', detail: 'Detalhes', value: 'Valor', dueDate: 'Vencimento', status: 'Status', action: 'Ação', pay: 'Pagar', paidButton: 'PAGO',
    states: { paid: 'Pago', expired: 'Vencido', open: 'Em aberto' },
    checkout: { title: 'Pagamento', invoice: 'Fatura nº {{id}}', unavailable: 'O pagamento on-line ainda não está disponível. Fale com o suporte para pagar esta fatura.' } } },
  es: { invoices: { title: 'Facturas', id: 'Id', detail: 'Detalles', value: 'Valor', dueDate: 'Vencimiento', status: 'Estado', action: 'Acción', pay: 'Pagar', paidButton: 'PAGADO',
    states: { paid: 'Pagada', expired: 'Vencida', open: 'Abierta' },
    checkout: { title: 'Pago', invoice: 'Factura n.º {{id}}', unavailable: 'El pago en línea aún no está disponible. Contacte a soporte para pagar esta factura.' } } },
});
