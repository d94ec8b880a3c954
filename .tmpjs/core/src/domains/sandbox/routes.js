import { Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { Whatsapp } from "../../db/models/index.js";
import { AppError, badRequest, notFound } from "../../http/errors.js";
import { OkReply, PAGE_SIZE, offsetOf, pageOf, pageResult } from "../../http/schemas.js";
import { MEDIA_LIMITS } from "../../storage/index.js";
import { SandboxProvider } from "../../messaging/providers/sandbox.js";
import { SandboxOutbox } from "../../messaging/providers/sandbox-outbox.js";
const Params = Type.Object({ connectionId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
const InboundBody = Type.Object({
  number: Type.String({ pattern: "^\\+?[0-9][0-9 ()-]{6,30}$" }),
  body: Type.String({ maxLength: 65536 }),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  quotedProviderId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  // A provider id chosen by the caller simulates the network delivering the same event again
  // (a replay after a reconnect): the pipeline must store it once.
  providerId: Type.Optional(Type.String({ pattern: "^[A-Za-z0-9_.-]{1,100}$" })),
  // The contact edits (body: the new text), reacts to (body: the emoji, '' removes) or deletes one of its messages.
  action: Type.Optional(Type.Union([Type.Literal("edit"), Type.Literal("reaction"), Type.Literal("delete")])),
  targetProviderId: Type.Optional(Type.String({ minLength: 1, maxLength: 191 }))
});
const NullableString = Type.Union([Type.String(), Type.Null()]);
const OutboxRecord = Type.Object({
  id: Type.Integer(),
  whatsappId: Type.Integer(),
  providerId: Type.String(),
  to: Type.String(),
  body: NullableString,
  mediaUrl: NullableString,
  ack: Type.Integer(),
  deletedAt: NullableString,
  /** A message, or a reaction (body: the emoji, '' removed it) to `targetProviderId` (issue 28). */
  kind: Type.Union([Type.Literal("message"), Type.Literal("reaction")]),
  targetProviderId: NullableString,
  /** A reply: the message it quotes. */
  quotedProviderId: NullableString,
  forwarded: Type.Boolean(),
  /** When the agent last edited it (the body is the new text). */
  editedAt: NullableString,
  createdAt: Type.String(),
  updatedAt: Type.String()
});
async function readMultipart(request) {
  const fields = {};
  let media;
  for await (const part of request.parts()) {
    if (part.type === "field") {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (media) {
      part.file.resume();
      continue;
    }
    const data = await part.toBuffer();
    if (!MEDIA_LIMITS.allowed.test(part.mimetype)) throw badRequest("ERR_MEDIA_TYPE_NOT_ALLOWED", `Files of type ${part.mimetype} are not accepted`);
    media = { data, mimetype: part.mimetype, filename: part.filename || "file" };
  }
  const body = { ...fields, body: fields.body ?? "" };
  if (fields.name === "") delete body.name;
  const error = Value.Errors(InboundBody, body).First();
  if (error) throw new AppError("ERR_VALIDATION", 400, error.message, { field: `body/${error.path.replace(/^\//, "")}` });
  return { ...body, media };
}
const sandboxRoutes = async (app) => {
  const sandboxOf = async (request, connectionId) => {
    const row = await Whatsapp.scoped(request.user.companyId).findById(connectionId).select("id", "companyId", "provider");
    if (!row) throw notFound("ERR_NO_WAPP_FOUND");
    if (row.provider !== "sandbox") throw badRequest("ERR_NOT_SANDBOX", "This is not a sandbox connection");
    return row;
  };
  const asSandbox = (provider) => {
    if (!(provider instanceof SandboxProvider)) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400, "The sandbox session is not running");
    return provider;
  };
  app.sessions.defineOperation("sandbox.inbound", async (provider, [input]) => {
    const { media, ...rest } = input;
    return asSandbox(provider).simulateInbound({ ...rest, media: media && { ...media, data: Buffer.from(media.data, "base64") } });
  });
  app.sessions.defineOperation("sandbox.scan", async (provider) => {
    const sandbox = asSandbox(provider);
    return { scanned: await sandbox.scan(), connected: sandbox.connected };
  }, { connected: false });
  const onSandbox = async (connectionId, op, args = []) => {
    try {
      return await app.sessions.onHolder(connectionId, op, args);
    } catch (err) {
      if (err instanceof AppError && err.code === "ERR_WAPP_NOT_INITIALIZED") throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400, "The sandbox session is not running");
      throw err;
    }
  };
  app.post("/sandbox/:connectionId/inbound", {
    preHandler: app.requireAdmin,
    schema: {
      tags: ["sandbox"],
      params: Params,
      // JSON is validated by the schema; multipart (fields + one file) is validated against the same schema in the handler.
      body: { content: { "application/json": { schema: InboundBody } } },
      consumes: ["application/json", "multipart/form-data"],
      response: { 200: Type.Object({ providerId: Type.String() }) }
    }
  }, async (request) => {
    await sandboxOf(request, request.params.connectionId);
    const input = request.isMultipart() ? await readMultipart(request) : request.body;
    if (input.action && !input.targetProviderId) throw badRequest("ERR_VALIDATION", "An action names the message it changes", { field: "body/targetProviderId" });
    const media = input.media && { ...input.media, data: input.media.data.toString("base64") };
    return { providerId: await onSandbox(request.params.connectionId, "sandbox.inbound", [{ ...input, media }]) };
  });
  app.get("/sandbox/:connectionId/outbox", {
    preHandler: app.requireAdmin,
    schema: {
      tags: ["sandbox"],
      params: Params,
      querystring: Type.Object({ pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 1e5, default: 1 })) }),
      response: { 200: pageOf("records", OutboxRecord) }
    }
  }, async (request) => {
    const row = await sandboxOf(request, request.params.connectionId);
    const { offset } = offsetOf(request.query.pageNumber);
    const rows = await SandboxOutbox.scoped(request.user.companyId).where("whatsappId", row.id).orderBy("id", "desc").limit(PAGE_SIZE + 1).offset(offset);
    const { items, hasMore } = pageResult(rows);
    return { records: items.map((r) => r.toJSON()), hasMore };
  });
  app.post("/sandbox/:connectionId/scan", {
    preHandler: app.requireAdmin,
    schema: { tags: ["sandbox"], params: Params, response: { 200: OkReply } }
  }, async (request) => {
    await sandboxOf(request, request.params.connectionId);
    const { scanned, connected } = await onSandbox(request.params.connectionId, "sandbox.scan");
    return { message: scanned ? "QR scanned" : connected ? "Already connected" : "No QR to scan" };
  });
};
var routes_default = sandboxRoutes;
export {
  routes_default as default
};
