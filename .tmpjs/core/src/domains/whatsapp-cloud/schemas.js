import { Type } from "@sinclair/typebox";
import { TenantUrl } from "../../outbound-http/schema.js";
import { SecretString } from "../../secrets/index.js";
const ConnectionParams = Type.Object({ connectionId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
const TicketParams = Type.Object({ ticketId: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
const GraphId = Type.String({ pattern: "^[0-9]{1,40}$" });
const SettingsBody = Type.Object({
  phoneNumberId: GraphId,
  wabaId: GraphId,
  accessToken: SecretString({ minLength: 1, maxLength: 2e3 }),
  appSecret: SecretString({ minLength: 1, maxLength: 200 }),
  verifyToken: SecretString({ minLength: 1, maxLength: 200 }),
  // Meta's form is v23.0; any short token is taken (a wrong one shows as the connection's Graph error).
  graphVersion: Type.Optional(Type.String({ minLength: 2, maxLength: 16, pattern: "^[A-Za-z0-9.]+$" })),
  baseUrl: Type.Optional(TenantUrl())
});
const SettingsView = Type.Object({
  whatsappId: Type.Integer(),
  configured: Type.Boolean(),
  phoneNumberId: Type.Union([Type.String(), Type.Null()]),
  wabaId: Type.Union([Type.String(), Type.Null()]),
  accessToken: Type.Union([SecretString(), Type.Null()]),
  appSecret: Type.Union([SecretString(), Type.Null()]),
  verifyToken: Type.Union([SecretString(), Type.Null()]),
  graphVersion: Type.String(),
  baseUrl: Type.String(),
  /** The path Meta's app must call (relative to the server's public URL). */
  webhookPath: Type.String()
});
const VerifyQuery = Type.Object({
  "hub.mode": Type.Optional(Type.String({ maxLength: 50 })),
  "hub.verify_token": Type.Optional(Type.String({ maxLength: 200 })),
  "hub.challenge": Type.Optional(Type.String({ maxLength: 200 }))
});
const Delivery = Type.Object({
  object: Type.String(),
  entry: Type.Array(Type.Object({
    id: Type.Optional(Type.String()),
    changes: Type.Array(Type.Object({ field: Type.String(), value: Type.Object({}, { additionalProperties: true }) }, { additionalProperties: true }), { maxItems: 100 })
  }, { additionalProperties: true }), { maxItems: 100 })
}, { additionalProperties: true });
const Template = Type.Object({
  name: Type.String(),
  language: Type.String(),
  status: Type.String(),
  category: Type.Union([Type.String(), Type.Null()]),
  /** The body's text with its {{1}} … placeholders. */
  body: Type.String(),
  /** How many variables the body takes. */
  variables: Type.Integer()
});
const TemplatesQuery = Type.Object({ refresh: Type.Optional(Type.Boolean()) });
const SendTemplateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 512 }),
  language: Type.String({ pattern: "^[a-zA-Z]{2,3}(_[a-zA-Z0-9]{2,8})?$" }),
  parameters: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 1024 }), { maxItems: 20 }))
});
const WindowView = Type.Object({
  /** False for a connection of another kind: no window applies. */
  cloud: Type.Boolean(),
  open: Type.Boolean(),
  lastInboundAt: Type.Union([Type.String(), Type.Null()]),
  closesAt: Type.Union([Type.String(), Type.Null()])
});
export {
  ConnectionParams,
  Delivery,
  SendTemplateBody,
  SettingsBody,
  SettingsView,
  Template,
  TemplatesQuery,
  TicketParams,
  VerifyQuery,
  WindowView
};
