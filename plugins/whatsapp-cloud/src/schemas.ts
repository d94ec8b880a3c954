import { Type, type AtriumSdk, type Static } from '@atrium/core/sdk';

export const ConnectionParams = Type.Object({ connectionId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const TicketParams = Type.Object({ ticketId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

const GraphId = Type.String({ pattern: '^[0-9]{1,40}$' });

/** The settings' schemas: their secret and URL fields are the core's (sdk.secrets, sdk.schemas), handed at run time. */
export function settingsSchemas(sdk: Pick<AtriumSdk, 'secrets' | 'schemas'>) {
  /** What an admin types for a cloud connection (Meta's app dashboard shows each). */
  const SettingsBody = Type.Object({
    phoneNumberId: GraphId,
    wabaId: GraphId,
    accessToken: sdk.secrets.SecretString({ minLength: 1, maxLength: 2000 }),
    appSecret: sdk.secrets.SecretString({ minLength: 1, maxLength: 200 }),
    verifyToken: sdk.secrets.SecretString({ minLength: 1, maxLength: 200 }),
    // Meta's form is v23.0; any short token is taken (a wrong one shows as the connection's Graph error).
    graphVersion: Type.Optional(Type.String({ minLength: 2, maxLength: 16, pattern: '^[A-Za-z0-9.]+$' })),
    baseUrl: Type.Optional(sdk.schemas.TenantUrl()),
  });

  /** The settings as answered: the secrets masked (the response schema marks them). */
  const SettingsView = Type.Object({
    whatsappId: Type.Integer(),
    configured: Type.Boolean(),
    phoneNumberId: Type.Union([Type.String(), Type.Null()]),
    wabaId: Type.Union([Type.String(), Type.Null()]),
    accessToken: Type.Union([sdk.secrets.SecretString(), Type.Null()]),
    appSecret: Type.Union([sdk.secrets.SecretString(), Type.Null()]),
    verifyToken: Type.Union([sdk.secrets.SecretString(), Type.Null()]),
    graphVersion: Type.String(),
    baseUrl: Type.String(),
    /** The path Meta's app must call (relative to the server's public URL). */
    webhookPath: Type.String(),
  });
  return { SettingsBody, SettingsView };
}
export type SettingsBody = Static<ReturnType<typeof settingsSchemas>['SettingsBody']>;

export const VerifyQuery = Type.Object({
  'hub.mode': Type.Optional(Type.String({ maxLength: 50 })),
  'hub.verify_token': Type.Optional(Type.String({ maxLength: 200 })),
  'hub.challenge': Type.Optional(Type.String({ maxLength: 200 })),
});

/** A webhook delivery as far as it is read (the rest is left to the normaliser, which skips what it does not know). */
export const Delivery = Type.Object({
  object: Type.String(),
  entry: Type.Array(Type.Object({
    id: Type.Optional(Type.String()),
    changes: Type.Array(Type.Object({ field: Type.String(), value: Type.Object({}, { additionalProperties: true }) }, { additionalProperties: true }), { maxItems: 100 }),
  }, { additionalProperties: true }), { maxItems: 100 }),
}, { additionalProperties: true });
export type Delivery = Static<typeof Delivery>;

export const Template = Type.Object({
  name: Type.String(),
  language: Type.String(),
  status: Type.String(),
  category: Type.Union([Type.String(), Type.Null()]),
  /** The body's text with its {{1}} … placeholders. */
  body: Type.String(),
  /** How many variables the body takes. */
  variables: Type.Integer(),
});

export const TemplatesQuery = Type.Object({ refresh: Type.Optional(Type.Boolean()) });

export const SendTemplateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 512 }),
  language: Type.String({ pattern: '^[a-zA-Z]{2,3}(_[a-zA-Z0-9]{2,8})?$' }),
  parameters: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 1024 }), { maxItems: 20 })),
});

export const WindowView = Type.Object({
  /** False for a connection of another kind: no window applies. */
  cloud: Type.Boolean(),
  open: Type.Boolean(),
  lastInboundAt: Type.Union([Type.String(), Type.Null()]),
  closesAt: Type.Union([Type.String(), Type.Null()]),
});
