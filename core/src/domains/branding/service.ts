import type { FastifyInstance } from 'fastify';
import { operatorCompanyId } from '../billing/config.js';
import { BRANDING_DEFAULTS, PUBLIC_KEYS, isImageKey } from './keys.js';

/** The company whose settings hold the branding: the operator's, else (no super user yet) none. */
export async function brandingCompanyId(): Promise<number | undefined> {
  return operatorCompanyId();
}

/** The stored value of a branding key (an image key's storage key), or null when unset. */
export async function storedBranding(app: FastifyInstance, key: string): Promise<string | null> {
  const companyId = await brandingCompanyId();
  const stored = companyId ? await app.tenancy.settings.get(companyId, key) : null;
  return stored || BRANDING_DEFAULTS[key] || null;
}

/** What a visitor reads: text as stored, an image as its public URL (media URLs are capabilities, see storage). */
export async function publicBranding(app: FastifyInstance, key: string): Promise<string | null> {
  const value = await storedBranding(app, key);
  if (value && isImageKey(key)) return app.storage.resolve(value) ? app.storage.url(value) : null;
  return value;
}

export async function allPublicBranding(app: FastifyInstance): Promise<Record<string, string | null>> {
  const entries = await Promise.all(PUBLIC_KEYS.map(async (key) => [key, await publicBranding(app, key)] as const));
  return Object.fromEntries(entries);
}

/** Whether visitors may create a company through POST /companies/cadastro. */
export async function signupAllowed(app: FastifyInstance): Promise<boolean> {
  return (await storedBranding(app, 'allowSignup')) !== 'disabled';
}
