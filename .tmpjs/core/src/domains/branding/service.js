import { operatorCompanyId } from "../billing/config.js";
import { BRANDING_DEFAULTS, PUBLIC_KEYS, isImageKey } from "./keys.js";
async function brandingCompanyId() {
  return operatorCompanyId();
}
async function storedBranding(app, key) {
  const companyId = await brandingCompanyId();
  const stored = companyId ? await app.tenancy.settings.get(companyId, key) : null;
  return stored || BRANDING_DEFAULTS[key] || null;
}
async function publicBranding(app, key) {
  const value = await storedBranding(app, key);
  if (value && isImageKey(key)) return app.storage.resolve(value) ? app.storage.url(value) : null;
  return value;
}
async function allPublicBranding(app) {
  const entries = await Promise.all(PUBLIC_KEYS.map(async (key) => [key, await publicBranding(app, key)]));
  return Object.fromEntries(entries);
}
async function signupAllowed(app) {
  return await storedBranding(app, "allowSignup") !== "disabled";
}
export {
  allPublicBranding,
  brandingCompanyId,
  publicBranding,
  signupAllowed,
  storedBranding
};
