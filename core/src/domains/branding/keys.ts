/**
 * White-label branding: the platform operator's settings that everyone may read, signed in or not
 * (GET /public-settings/:key, the family's form). Stored as settings of the operator's company
 * (the first super user's, domains/billing/config.ts); only the super user writes them.
 */

/** Text keys, written through PUT /settings/:key. */
export const BRANDING_TEXT_KEYS = ['appName', 'primaryColorLight', 'primaryColorDark', 'allowSignup'] as const;
/** Image keys, written only by uploading a file (POST /settings/branding/:key): the value is a storage key. */
export const BRANDING_IMAGE_KEYS = ['appLogoLight', 'appLogoDark', 'appLogoFavicon', 'loginBackground'] as const;
/** The whitelist of GET /public-settings: nothing else of any company is readable without a session. */
export const PUBLIC_KEYS: readonly string[] = [...BRANDING_TEXT_KEYS, ...BRANDING_IMAGE_KEYS];

export type ImageKey = (typeof BRANDING_IMAGE_KEYS)[number];
export const isImageKey = (key: string): key is ImageKey => (BRANDING_IMAGE_KEYS as readonly string[]).includes(key);
export const isBrandingKey = (key: string) => PUBLIC_KEYS.includes(key);

/** A key's value when the operator never set it: sign-up stays open, as it was before branding existed. */
export const BRANDING_DEFAULTS: Record<string, string> = { allowSignup: 'enabled' };

const COLOUR = /^#[0-9a-fA-F]{6}$/;
export const APP_NAME_MAX = 60;

/**
 * Undefined when `value` suits a branding text key, else what it accepts (the `allowed` of the 400).
 * An empty value resets the key to the console's own default (name "Atrium", its purple).
 */
export function brandingValueRejected(key: string, value: string): string | undefined {
  if (value === '') return key === 'allowSignup' ? 'enabled, disabled' : undefined;
  if (key === 'primaryColorLight' || key === 'primaryColorDark') return COLOUR.test(value) ? undefined : '#rrggbb';
  if (key === 'allowSignup') return value === 'enabled' || value === 'disabled' ? undefined : 'enabled, disabled';
  if (key === 'appName') return value.length <= APP_NAME_MAX && !/[\u0000-\u001f\u007f<>]/.test(value) ? undefined : `text of at most ${APP_NAME_MAX} characters, without < >`;
  return undefined;
}

/** The image types each image key accepts, and their size limit. SVG never: a stored SVG could carry script. */
export const IMAGE_RULES: Record<ImageKey, { maxBytes: number }> = {
  appLogoLight: { maxBytes: 1024 * 1024 },
  appLogoDark: { maxBytes: 1024 * 1024 },
  appLogoFavicon: { maxBytes: 256 * 1024 },
  loginBackground: { maxBytes: 3 * 1024 * 1024 },
};
export const IMAGE_TYPES = { mimetype: /^image\/(png|jpeg|webp)$/, ext: /\.(png|jpe?g|webp)$/i, message: 'Only png, jpeg and webp images are accepted' };

/** The file's first bytes name its real type: a renamed file of another kind is refused. */
export function imageSignatureMatches(head: Buffer, mimetype: string): boolean {
  if (mimetype === 'image/png') return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (mimetype === 'image/jpeg') return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  if (mimetype === 'image/webp') return head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP';
  return false;
}
