import { Type } from "@sinclair/typebox";
import { Company, Invoice } from "../../db/models/index.js";
import { notFound } from "../../http/errors.js";
import { IdParams, PAGE_SIZE, PagingQuery, offsetOf, pageOf, pageResult } from "../../http/schemas.js";
import { likeAnywhere } from "../../db/like.js";
import { settleInvoice } from "../billing/payment.js";
const IsoDate = Type.String({ pattern: "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$" });
const Status = Type.Union([Type.Literal("paid"), Type.Literal("open")]);
const InvoiceReply = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  detail: Type.String(),
  value: Type.Number(),
  dueDate: Type.String(),
  status: Type.String(),
  paidAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  createdAt: Type.Optional(Type.String()),
  updatedAt: Type.Optional(Type.String())
});
const invoiceJson = (i) => i.toJSON();
const fields = {
  detail: Type.String({ minLength: 1, maxLength: 255 }),
  value: Type.Number({ minimum: 0, maximum: 9999999999 }),
  dueDate: IsoDate,
  status: Type.Optional(Status)
};
const invoicesRoutes = async (app) => {
  const tags = ["invoices"];
  const superOnly = { preHandler: app.requireSuper };
  app.get("/invoices/all", { config: { billing: true }, schema: { tags, querystring: PagingQuery, response: { 200: pageOf("invoices", InvoiceReply) } } }, async (request) => {
    const { searchParam, pageNumber } = request.query;
    const query = Invoice.scoped(request.user.companyId).orderBy("id", "desc").limit(PAGE_SIZE + 1).offset(offsetOf(pageNumber).offset);
    if (searchParam?.trim()) query.whereRaw("detail like ? escape ?", [likeAnywhere(searchParam.trim()), "\\"]);
    const { items, hasMore } = pageResult(await query);
    return { invoices: items.map(invoiceJson), hasMore };
  });
  app.get("/invoices/:id", { config: { billing: true }, schema: { tags, params: IdParams, response: { 200: InvoiceReply } } }, async (request) => {
    const invoice = await Invoice.scoped(request.user.companyId).findById(request.params.id);
    if (!invoice) throw notFound("ERR_NO_INVOICE_FOUND", "Invoice not found");
    return invoiceJson(invoice);
  });
  app.post("/invoices", {
    ...superOnly,
    schema: { tags, body: Type.Object({ companyId: Type.Integer({ minimum: 1, maximum: 2147483647 }), ...fields }), response: { 200: InvoiceReply } }
  }, async (request) => {
    const { companyId, ...rest } = request.body;
    if (!await Company.query().findById(companyId)) throw notFound("ERR_NO_COMPANY_FOUND", "Company not found");
    const invoice = await Invoice.scoped(companyId).insertAndFetch({ status: "open", ...rest });
    app.bus.emit(companyId, "invoice", { action: "create", invoice: invoiceJson(invoice) });
    return invoiceJson(invoice);
  });
  app.put("/invoices/:id", {
    ...superOnly,
    schema: { tags, params: IdParams, body: Type.Partial(Type.Object(fields)), response: { 200: InvoiceReply } }
  }, async (request) => {
    const invoice = await Invoice.unscoped("the super user manages every company's invoices").findById(request.params.id);
    if (!invoice) throw notFound("ERR_NO_INVOICE_FOUND", "Invoice not found");
    const { status, ...fields2 } = request.body;
    if (Object.keys(fields2).length > 0) await invoice.$query().patch(fields2);
    if (status === "paid" && invoice.status === "open") {
      const current = await invoice.$query();
      await settleInvoice(app, { invoiceId: invoice.id, amount: current.value, via: "manual" });
    } else if (status === "open" && invoice.status === "paid") {
      await invoice.$query().patch({ status: "open", paidAt: null, paidValue: null, paidVia: null });
    }
    const updated = await invoice.$query();
    app.bus.emit(updated.companyId, "invoice", { action: "update", invoice: invoiceJson(updated) });
    return invoiceJson(updated);
  });
};
var routes_default = invoicesRoutes;
export {
  routes_default as default
};
