import { Type as T, type AtriumSdk, type Static } from '@atrium/core/sdk';

export const ConnectionParams = T.Object({ whatsappId: T.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const WebhookParams = T.Object({ publicId: T.String({ minLength: 1, maxLength: 40, pattern: '^[a-f0-9]+$' }) });
export const VerifyQuery = T.Object({
  'hub.mode': T.Optional(T.String({ maxLength: 50 })),
  'hub.verify_token': T.Optional(T.String({ maxLength: 200 })),
  'hub.challenge': T.Optional(T.String({ maxLength: 200 })),
});

const GraphId = T.String({ pattern: '^[0-9]{1,40}$' });

/** A delivery as far as it is read: `entry[].messaging[]` (each event is read by the normaliser, which skips what it does not know). */
export const Delivery = T.Object({
  object: T.String({ maxLength: 40 }),
  entry: T.Array(T.Object({
    id: T.Optional(T.String({ maxLength: 40 })),
    messaging: T.Optional(T.Array(T.Object({}, { additionalProperties: true }), { maxItems: 100 })),
  }, { additionalProperties: true }), { maxItems: 100 }),
}, { additionalProperties: true });
export type Delivery = Static<typeof Delivery>;

/** The settings' schemas: their secret fields are the core's (sdk.secrets), handed at run time. */
export function settingsSchemas(sdk: Pick<AtriumSdk, 'secrets'>) {
  /** What an admin types for a connection (Meta's app dashboard and the Page's settings show each). */
  const Settings = T.Object({
    pageId: GraphId,
    /** The Page's Instagram professional account (required for the Instagram kind). */
    instagramId: T.Optional(GraphId),
    pageAccessToken: sdk.secrets.SecretString({ minLength: 1, maxLength: 2000 }),
    appSecret: sdk.secrets.SecretString({ minLength: 1, maxLength: 200 }),
    verifyToken: sdk.secrets.SecretString({ minLength: 1, maxLength: 200 }),
    graphVersion: T.Optional(T.String({ minLength: 2, maxLength: 16, pattern: '^v[0-9]+\\.[0-9]+$' })),
  }, { additionalProperties: false });

  /** The connection form's read: the secrets masked, the webhook URL Meta must call. */
  const SettingsView = T.Object({
    whatsappId: T.Integer(),
    configured: T.Boolean(),
    kind: T.Union([T.String(), T.Null()]),
    pageId: T.Union([T.String(), T.Null()]),
    instagramId: T.Union([T.String(), T.Null()]),
    pageAccessToken: T.Union([sdk.secrets.SecretString(), T.Null()]),
    appSecret: T.Union([sdk.secrets.SecretString(), T.Null()]),
    verifyToken: T.Union([sdk.secrets.SecretString(), T.Null()]),
    graphVersion: T.Union([T.String(), T.Null()]),
    webhookUrl: T.Union([T.String(), T.Null()]),
  });
  return { Settings, SettingsView };
}
export type Settings = Static<ReturnType<typeof settingsSchemas>['Settings']>;
