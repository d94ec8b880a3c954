import type { Secrets } from '@atrium/core/sdk';
import { DEFAULT_GRAPH_BASE_URL, DEFAULT_GRAPH_VERSION, type WhatsappCloudRow } from './settings.js';
import type { SettingsBody } from './schemas.js';

/**
 * The row a cloud connection's settings are stored as: secrets sealed (a mask sent back keeps the stored one),
 * the Graph version and base URL defaulted. Shared by the settings route and the connection's one-step create.
 */
export function cloudSettingsValues(secrets: Secrets, body: SettingsBody, current?: WhatsappCloudRow) {
  return {
    phoneNumberId: body.phoneNumberId, wabaId: body.wabaId,
    accessToken: secrets.keepSecretIfMasked(body.accessToken, current?.accessToken)!,
    appSecret: secrets.keepSecretIfMasked(body.appSecret, current?.appSecret)!,
    verifyToken: secrets.keepSecretIfMasked(body.verifyToken, current?.verifyToken)!,
    graphVersion: body.graphVersion ?? current?.graphVersion ?? DEFAULT_GRAPH_VERSION,
    baseUrl: (body.baseUrl ?? current?.baseUrl ?? DEFAULT_GRAPH_BASE_URL).replace(/\/+$/, ''),
  };
}
