import { Type } from "@sinclair/typebox";
import { Invoice } from "../../db/models/index.js";
import { AppError, badRequest, conflict, notFound } from "../../http/errors.js";
import { checkout } from "./checkout.js";
import { readBillingConfig } from "./config.js";
import { defineGenerationJob, generateOnStart } from "./generation.js";
import { settleInvoice } from "./payment.js";
import { tokenMatches } from "./webhook-auth.js";
const Text = (max) => Type.String({ maxLength: max });
const Loose = Type.Optional(Type.Union([Type.String({ maxLength: 2e3 }), Type.Number(), Type.Boolean(), Type.Null(), Type.Object({}, { additionalProperties: true, maxProperties: 50 })]));
const CheckoutBody = Type.Object({
  invoiceId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  firstName: Type.String({ minLength: 1, maxLength: 100 }),
  lastName: Type.Optional(Text(100)),
  address2: Type.String({ minLength: 1, maxLength: 200 }),
  city: Type.String({ minLength: 1, maxLength: 100 }),
  state: Type.Optional(Text(100)),
  zipcode: Type.String({ minLength: 1, maxLength: 20 }),
  country: Type.Union([Type.Literal("BR"), Type.Literal("usa")]),
  useAddressForPaymentDetails: Type.Optional(Type.Boolean()),
  nameOnCard: Type.Optional(Text(100)),
  cardNumber: Type.Optional(Text(30)),
  cvv: Type.Optional(Text(6)),
  plan: Loose,
  price: Loose,
  users: Loose,
  connections: Loose
});
const PixReply = Type.Object({
  qrcode: Type.Object({ qrcode: Type.String() }),
  valor: Type.Object({ original: Type.String() }),
  invoiceId: Type.Integer(),
  gateway: Type.String(),
  expiresAt: Type.Union([Type.String(), Type.Null()])
});
const SettleReply = Type.Object({ status: Type.String(), dueDate: Type.Union([Type.String(), Type.Null()]) });
const AsaasEvent = Type.Object({
  id: Type.Optional(Text(100)),
  event: Text(60),
  payment: Type.Optional(Type.Object({
    id: Text(100),
    value: Type.Optional(Type.Number({ minimum: 0, maximum: 9999999999 })),
    externalReference: Type.Optional(Type.Union([Text(100), Type.Null()]))
  }, { additionalProperties: true }))
}, { additionalProperties: true });
const PAID_EVENTS = /* @__PURE__ */ new Set(["PAYMENT_RECEIVED", "PAYMENT_CONFIRMED"]);
const billingRoutes = async (app) => {
  const tags = ["billing"];
  defineGenerationJob(app);
  app.addHook("onReady", async () => {
    await generateOnStart(app);
  });
  app.post("/subscription", {
    config: { billing: true },
    schema: { tags, body: CheckoutBody, response: { 200: PixReply } }
  }, async (request) => {
    const { invoiceId, firstName, lastName, address2, city, state, zipcode, country } = request.body;
    return checkout(app, request.user.companyId, invoiceId, { firstName, lastName, address2, city, state, zipcode, country });
  });
  app.post("/subscription/sandbox/pay", {
    config: { billing: true },
    schema: { tags, body: Type.Object({ invoiceId: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), response: { 200: SettleReply } }
  }, async (request) => {
    const invoice = await Invoice.scoped(request.user.companyId).findById(request.body.invoiceId);
    if (!invoice) throw notFound("ERR_NO_INVOICE_FOUND", "Invoice not found");
    if ((await readBillingConfig(app)).gateway !== "sandbox") {
      throw badRequest("ERR_SANDBOX_GATEWAY_DISABLED", "The sandbox gateway is not the configured payment gateway");
    }
    const result = await settleInvoice(app, { invoiceId: invoice.id, amount: invoice.value, via: "sandbox" });
    if (result.outcome === "already-paid") throw conflict("ERR_INVOICE_ALREADY_PAID", "This invoice is already paid");
    if (result.outcome !== "paid") throw notFound("ERR_NO_INVOICE_FOUND", "Invoice not found");
    return { status: "paid", dueDate: result.dueDate };
  });
  app.post("/subscription/webhook/asaas", {
    config: { public: true, rateLimit: { max: 600, timeWindow: 6e4 } },
    schema: { tags, body: AsaasEvent, response: { 200: Type.Object({ received: Type.Boolean() }) } }
  }, async (request) => {
    const { asaas } = await readBillingConfig(app);
    if (!tokenMatches(request.headers["asaas-access-token"], asaas.webhookToken)) {
      throw new AppError("ERR_INVALID_WEBHOOK_TOKEN", 401, "Missing or wrong asaas-access-token");
    }
    const { event, payment } = request.body;
    if (!PAID_EVENTS.has(event) || !payment) return { received: true };
    const byReference = /^invoice-(\d{1,10})$/.exec(payment.externalReference ?? "");
    const invoice = await Invoice.unscoped("a gateway webhook names the charge, not the company").where({ gateway: "asaas", chargeId: payment.id }).first() ?? (byReference ? await Invoice.unscoped("a gateway webhook names the charge, not the company").findById(Number(byReference[1])) : void 0);
    if (!invoice) {
      request.log.warn({ event, paymentId: payment.id }, "asaas payment for no known charge");
      return { received: true };
    }
    const result = await settleInvoice(app, { invoiceId: invoice.id, amount: payment.value ?? 0, via: "asaas" });
    if (result.outcome === "underpaid") request.log.warn({ invoiceId: invoice.id, paid: payment.value, value: invoice.value }, "asaas payment below the invoice value: not a payment");
    return { received: true };
  });
};
var routes_default = billingRoutes;
export {
  routes_default as default
};
