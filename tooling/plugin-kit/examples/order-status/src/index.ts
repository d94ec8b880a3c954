import { randomBytes } from 'node:crypto';
import type { AtriumPlugin, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { OrderStatus as Status } from './types.js';
import { LatestQuery, LatestReply, OrdersReply, SettingsReply, WebhookBody, WebhookParams, WebhookReply } from './schemas.js';

const SAY: Record<Status, string> = { received: 'recebido', shipped: 'enviado', delivered: 'entregue' };
const SHIPPED_JOB = 'order-status.shipped';
/** The customer hears of a shipment this long after the shop reports it: a status the shop corrects in between sends nothing. */
const SHIPPED_GRACE_MS = 10 * 60_000;
const digits = (s: string) => s.replace(/\D/g, '');

/**
 * order-status, the plugin kit's example (docs/plugins.md "The plugin kit"): a shop reports its orders to a public
 * webhook signed with a secret kept through sdk.secrets; a customer who writes "pedido 1234" gets the order's status
 * (one answer, the ticket not held); a shipped order is announced to its customer once, by a durable job.
 */
const orderStatusPlugin: AtriumPlugin = (sdk) => async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const shops = (companyId: number) => sdk.db.table('orderStatusShops', companyId);
  const orders = (companyId: number) => sdk.db.table('orderStatusOrders', companyId);
  const messages = sdk.services.messages;

  // The company's webhook: its URL, and the secret shown once when (re)made. Admins only.
  app.get('/settings', { schema: { response: { 200: SettingsReply } } }, async (request) => {
    const shop = await shops(request.user.companyId).first();
    return { webhookUrl: shop ? sdk.publicRoutes.publicUrl(`/webhook/${shop.publicId}`) : null };
  });
  app.post('/settings/secret', { preHandler: sdk.requireAdmin, schema: { response: { 200: SettingsReply } } }, async (request) => {
    const { companyId } = request.user;
    const publicId = randomBytes(12).toString('hex');
    const secret = randomBytes(24).toString('hex');
    await shops(companyId).delete();
    await shops(companyId).insert({ companyId, publicId, secret: sdk.secrets.encrypt(secret) });
    return { webhookUrl: sdk.publicRoutes.publicUrl(`/webhook/${publicId}`), secret };
  });

  // The console's list (searched by number, newest first) and the ticket header's latest order of a customer.
  const { PagingQuery, PAGE_SIZE } = sdk.schemas;
  app.get('/orders', { schema: { querystring: PagingQuery, response: { 200: OrdersReply } } }, async (request) => {
    const { searchParam = '', pageNumber = 1 } = request.query;
    const rows = await orders(request.user.companyId).modify((q) => { if (searchParam.trim()) q.where('number', searchParam.trim()); })
      .orderBy('id', 'desc').limit(PAGE_SIZE + 1).offset((pageNumber - 1) * PAGE_SIZE).select('id', 'number', 'status', 'phone');
    return { orders: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE };
  });
  app.get('/orders/latest', { schema: { querystring: LatestQuery, response: { 200: LatestReply } } }, async (request) => {
    const order = await orders(request.user.companyId).where({ phone: digits(request.query.phone) }).orderBy('id', 'desc').first('number', 'status');
    return { order: order ?? null };
  });

  // The shop calls this: X-Signature = sha256=<hex HMAC-SHA256 of the raw body keyed with the secret>.
  app.post('/webhook/:shopId', {
    schema: {
      params: WebhookParams,
      body: WebhookBody,
      response: { 200: WebhookReply },
    },
  }, async (request) => {
    const shop = await sdk.publicRoutes.authenticate(request, { table: 'orderStatusShops', publicId: request.params.shopId, secretColumn: 'secret', check: { signatureHeader: 'x-signature' } });
    const { companyId } = shop;
    const { number, status, phone } = request.body;
    await orders(companyId).insert({ companyId, number, status, phone: digits(phone) }).onConflict(['companyId', 'number']).merge(['status', 'phone']);
    // A stable job id: the shop repeating its call enqueues nothing more while the first is pending.
    if (status === 'shipped') {
      await sdk.jobs.enqueue(SHIPPED_JOB, { companyId, number }, { jobId: `${companyId}:${number}`, delayMs: sdk.clock.scale(SHIPPED_GRACE_MS), retries: 5, backoffMs: 2000 });
    }
    return { received: true };
  });

  // Durable: a pending job survives a crash (the queue is stored) and one cut off runs again; the conditional UPDATE
  // makes the message go out once. A send that fails (the connection not up yet after a restart) gives the claim
  // back and throws: the queue tries again.
  sdk.jobs.define<{ companyId: number; number: string }>(SHIPPED_JOB, async ({ companyId, number }) => {
    const claimed = await orders(companyId).where({ number, status: 'shipped' }).whereNull('shippedNoticeAt').update({ shippedNoticeAt: sdk.clock.now().getTime() });
    if (!claimed) return;
    const order = await orders(companyId).where({ number }).first();
    // A provider that is down does not throw: the result says 'failed' (the type makes the job look), and the claim goes back.
    let failure: unknown;
    try {
      const sent = await messages.sendToNumber({ companyId, number: order.phone, body: `Seu pedido ${number} foi enviado.`, openTicket: false });
      if (sent.status === 'failed') failure = new sdk.errors.AppError(sent.code, 502, sent.error);
    } catch (err) {
      failure = err;
    }
    if (failure) {
      await orders(companyId).where({ number }).update({ shippedNoticeAt: null });
      throw failure;
    }
  });

  // "pedido 1234": one answer, and the ticket is let go (the next message runs the chain from its start again).
  const asked = (body: string | null | undefined) => /\bpedido\s+#?(\w{1,32})/i.exec(body ?? '')?.[1];
  sdk.responders.register({
    id: 'order-status.ask',
    place: 'phrase',
    mayAct: (probe) => asked(probe.message.body) !== undefined,
    async handle(ctx) {
      const number = asked(ctx.message.body);
      if (!number) return false;
      // Only the customer's own orders: another number's order is "not found", as an unknown one.
      const order = await orders(ctx.companyId).where({ number, phone: digits(ctx.contact.number) }).first();
      await ctx.send({ body: order ? `Pedido ${number}: ${SAY[order.status as Status]}.` : `Não encontrei o pedido ${number}.` });
      await ctx.release();
      return true;
    },
  });
};

export default orderStatusPlugin;
