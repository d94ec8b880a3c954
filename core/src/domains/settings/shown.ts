import { Type } from '@sinclair/typebox';
import type { Secrets } from '../../secrets/index.js';
import { SECRET_KEYS } from './values.js';

export const SettingReply = Type.Object({ key: Type.String(), value: Type.Union([Type.String(), Type.Null()]) });

/**
 * A company's settings as they leave the server: secret ones (the payment gateway's keys) sealed at rest
 * and shown masked, to everyone.
 */
export function settingsShown(secrets: Secrets) {
  const value = (key: string, stored: string | null) => (SECRET_KEYS.has(key) ? (stored ? secrets.maskStored(stored) : '') : stored);
  const list = (values: Map<string, string | null>) => [...values.entries()].map(([key, stored]) => ({ key, value: value(key, stored) }));
  return { value, list };
}
