const BRANDING_TEXT_KEYS = ["appName", "primaryColorLight", "primaryColorDark", "allowSignup"];
const BRANDING_IMAGE_KEYS = ["appLogoLight", "appLogoDark", "appLogoFavicon", "loginBackground"];
const PUBLIC_KEYS = [...BRANDING_TEXT_KEYS, ...BRANDING_IMAGE_KEYS];
const isImageKey = (key) => BRANDING_IMAGE_KEYS.includes(key);
const isBrandingKey = (key) => PUBLIC_KEYS.includes(key);
const BRANDING_DEFAULTS = { allowSignup: "enabled" };
const COLOUR = /^#[0-9a-fA-F]{6}$/;
const APP_NAME_MAX = 60;
function brandingValueRejected(key, value) {
  if (value === "") return key === "allowSignup" ? "enabled, disabled" : void 0;
  if (key === "primaryColorLight" || key === "primaryColorDark") return COLOUR.test(value) ? void 0 : "#rrggbb";
  if (key === "allowSignup") return value === "enabled" || value === "disabled" ? void 0 : "enabled, disabled";
  if (key === "appName") return value.length <= APP_NAME_MAX && !/[\u0000-\u001f\u007f<>]/.test(value) ? void 0 : `text of at most ${APP_NAME_MAX} characters, without < >`;
  return void 0;
}
const IMAGE_RULES = {
  appLogoLight: { maxBytes: 1024 * 1024 },
  appLogoDark: { maxBytes: 1024 * 1024 },
  appLogoFavicon: { maxBytes: 256 * 1024 },
  loginBackground: { maxBytes: 3 * 1024 * 1024 }
};
const IMAGE_TYPES = { mimetype: /^image\/(png|jpeg|webp)$/, ext: /\.(png|jpe?g|webp)$/i, message: "Only png, jpeg and webp images are accepted" };
function imageSignatureMatches(head, mimetype) {
  if (mimetype === "image/png") return head.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  if (mimetype === "image/jpeg") return head[0] === 255 && head[1] === 216 && head[2] === 255;
  if (mimetype === "image/webp") return head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP";
  return false;
}
export {
  APP_NAME_MAX,
  BRANDING_DEFAULTS,
  BRANDING_IMAGE_KEYS,
  BRANDING_TEXT_KEYS,
  IMAGE_RULES,
  IMAGE_TYPES,
  PUBLIC_KEYS,
  brandingValueRejected,
  imageSignatureMatches,
  isBrandingKey,
  isImageKey
};
