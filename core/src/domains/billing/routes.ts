import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Invoice } from '../../db/models/index.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { checkout } from './checkout.js';
import { readBillingConfig } from './config.js';
import { defineGenerationJob } from './generation.js';
import { settleInvoice } from './payment.js';
import { tokenMatches } from './webhook-auth.js';

const Text = (max: number) => Type.String({ maxLength: max });
const Loose = Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean(), Type.Null(), Type.Object({}, { additionalProperties: true, maxProperties: 50 })]));

/**
 * The spec's checkout payload (core §3). The address is required (core §5); plan, price, users and
 * connections are accepted and ignored (the invoice decides what is charged); card fields are accepted
 * so the console's form validates, and are never read, stored or logged.
 */
const CheckoutBody = Type.Object({
  invoiceId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  firstName: Type.String({ minLength: 1, maxLength: 100 }),
  lastName: Type.Optional(Text(100)),
  address2: Type.String({ minLength: 1, maxLength: 200 }),
  city: Type.String({ minLength: 1, maxLength: 100 }),
  state: Type.Optional(Text(100)),
  zipcode: Type.String({ minLength: 1, maxLength: 20 }),
  country: Type.Union([Type.Literal('BR'), Type.Literal('usa')]),
  useAddressForPaymentDetails: Type.Optional(Type.Boolean()),
  nameOnCard: Type.Optional(Text(100)),
  cardNumber: Type.Optional(Text(30)),
  cvv: Type.Optional(Text(6)),
  plan: Loose,
  price: Loose,
  users: Loose,
  connections: Loose,
});

const PixReply = Type.Object({
  qrcode: Type.Object({ qrcode: Type.String() }),
  valor: Type.Object({ original: Type.String() }),
  invoiceId: Type.Integer(),
  gateway: Type.String(),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
});

const SettleReply = Type.Object({ status: Type.String(), dueDate: Type.Union([Type.String(), Type.Null()]) });

/** Asaas webhook event (https://docs.asaas.com/docs/webhook-events): only what we read is declared. */
const AsaasEvent = Type.Object({
  id: Type.Optional(Text(100)),
  event: Text(60),
  payment: Type.Optional(Type.Object({
    id: Text(100),
    value: Type.Optional(Type.Number({ minimum: 0, maximum: 9_999_999_999 })),
    externalReference: Type.Optional(Type.Union([Text(100), Type.Null()])),
  }, { additionalProperties: true })),
}, { additionalProperties: true });

/** Events that mean the money arrived: Pix sends only RECEIVED; cards CONFIRMED first. Either pays once. */
const PAID_EVENTS = new Set(['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED']);

/** Invoice generation, checkout, the sandbox's pay button and gateway webhooks (docs/architecture.md, "Billing"). */
const billingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['billing'];

  defineGenerationJob(app);
  // Hourly, with a catch-up run at start (jobs/hourly.ts).

  app.post('/subscription', {
    config: { billing: true },
    schema: { tags, body: CheckoutBody, response: { 200: PixReply } },
  }, async (request) => {
    // Card fields are dropped here and never referenced again.
    const { invoiceId, firstName, lastName, address2, city, state, zipcode, country } = request.body;
    return checkout(app, request.user.companyId, invoiceId, { firstName, lastName, address2, city, state, zipcode, country });
  });

  app.post('/subscription/sandbox/pay', {
    config: { billing: true },
    schema: { tags, body: Type.Object({ invoiceId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }), response: { 200: SettleReply } },
  }, async (request) => {
    const invoice = await Invoice.scoped(request.user.companyId).findById(request.body.invoiceId);
    if (!invoice) throw notFound('ERR_NO_INVOICE_FOUND', 'Invoice not found');
    if ((await readBillingConfig(app)).gateway !== 'sandbox') {
      throw badRequest('ERR_SANDBOX_GATEWAY_DISABLED', 'The sandbox gateway is not the configured payment gateway');
    }
    const result = await settleInvoice(app, { invoiceId: invoice.id, amount: invoice.value, via: 'sandbox' });
    if (result.outcome === 'already-paid') throw conflict('ERR_INVOICE_ALREADY_PAID', 'This invoice is already paid');
    if (result.outcome !== 'paid') throw notFound('ERR_NO_INVOICE_FOUND', 'Invoice not found');
    return { status: 'paid', dueDate: result.dueDate };
  });

  // Asaas calls this; at-least-once delivery, so any authenticated event answers 200 (a non-200 pauses its queue).
  app.post('/subscription/webhook/asaas', {
    config: { public: true, rateLimit: { max: 600, timeWindow: 60_000 } },
    schema: { tags, body: AsaasEvent, response: { 200: Type.Object({ received: Type.Boolean() }) } },
  }, async (request) => {
    const { asaas } = await readBillingConfig(app);
    if (!tokenMatches(request.headers['asaas-access-token'], asaas.webhookToken)) {
      throw new AppError('ERR_INVALID_WEBHOOK_TOKEN', 401, 'Missing or wrong asaas-access-token');
    }
    const { event, payment } = request.body;
    if (!PAID_EVENTS.has(event) || !payment) return { received: true };
    // The stored charge; else the invoice our externalReference names (a charge replaced after it expired can still be paid).
    const byReference = /^invoice-(\d{1,10})$/.exec(payment.externalReference ?? '');
    const invoice = await Invoice.unscoped('a gateway webhook names the charge, not the company')
      .where({ gateway: 'asaas', chargeId: payment.id }).first()
      ?? (byReference ? await Invoice.unscoped('a gateway webhook names the charge, not the company').findById(Number(byReference[1])) : undefined);
    if (!invoice) {
      request.log.warn({ event, paymentId: payment.id }, 'asaas payment for no known charge');
      return { received: true };
    }
    const result = await settleInvoice(app, { invoiceId: invoice.id, amount: payment.value ?? 0, via: 'asaas' });
    if (result.outcome === 'underpaid') request.log.warn({ invoiceId: invoice.id, paid: payment.value, value: invoice.value }, 'asaas payment below the invoice value: not a payment');
    return { received: true };
  });
};

export default billingRoutes;
