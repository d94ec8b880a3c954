import { TenantModel } from '../../../db/model.js';

/** A cloud connection's Graph API settings (migration 115); the token and app secret are stored sealed. */
export class WhatsappCloud extends TenantModel {
  static tableName = 'whatsappCloud';

  whatsappId!: number;
  phoneNumberId!: string;
  wabaId!: string;
  accessToken!: string;
  appSecret!: string;
  verifyToken!: string;
  graphVersion!: string;
  baseUrl!: string;
}

export const DEFAULT_GRAPH_VERSION = 'v23.0';
export const DEFAULT_GRAPH_BASE_URL = 'https://graph.facebook.com';

/** The settings with the secrets opened, as the Graph client needs them. */
export interface CloudCredentials {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  graphVersion: string;
  baseUrl: string;
}
