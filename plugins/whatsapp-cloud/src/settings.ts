/**
 * A cloud connection's Graph API settings, one row of `whatsappCloud` per connection (created by the core's
 * migration 115 before the Cloud API was a plugin; this plugin owns it now). The token and app secret are sealed.
 */
export interface WhatsappCloudRow {
  id: number;
  companyId: number;
  whatsappId: number;
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  graphVersion: string;
  baseUrl: string;
}

export const CLOUD_TABLE = 'whatsappCloud';
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
