import { Type } from "@sinclair/typebox";
import { Company, Setting } from "../../db/models/index.js";
import { badRequest, forbidden, notFound } from "../../http/errors.js";
import { MAX_VALUE, SECRET_KEYS, SUPER_ONLY_KEYS, isKnownKey, outOfRange, rejectedValue } from "./values.js";
import { SettingReply, settingsShown } from "./shown.js";
import { RETENTION_KEY, assertWithinRetentionMaximum } from "../../privacy/retention.js";
import { brandingValueRejected, isBrandingKey, isImageKey } from "../branding/keys.js";
import { brandingCompanyId } from "../branding/service.js";
import { PLATFORM_REQUIRE_TWO_FACTOR, REQUIRE_TWO_FACTOR, endSessionsWithoutSecondFactor } from "../../auth/two-factor-policy.js";
import { storedKeyOf } from "../../tenancy/family-settings.js";
import { familyValueIn } from "./family-values.js";
const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) });
const settingsRoutes = async (app) => {
  const tags = ["settings"];
  const { secrets } = app.atrium;
  const shownSettings = settingsShown(secrets);
  const shown = shownSettings.value;
  app.get("/settings", { schema: { tags, response: { 200: Type.Array(SettingReply) } } }, async (request) => shownSettings.list(await app.tenancy.settings.all(request.user.companyId)));
  app.get("/settings/:key", { schema: { tags, params: KeyParams, response: { 200: SettingReply } } }, async (request) => {
    const values = await app.tenancy.settings.all(request.user.companyId);
    const { key } = request.params;
    const stored = storedKeyOf(key);
    if (!values.has(stored) && stored === key) throw notFound("ERR_NO_SETTING_FOUND", `No setting "${key}"`);
    return { key, value: shown(stored, values.get(stored) ?? (stored === key ? null : "")) };
  });
  app.put("/settings/:key", {
    preHandler: app.requireAdmin,
    schema: {
      tags,
      params: KeyParams,
      body: Type.Object({ value: Type.String({ maxLength: MAX_VALUE }) }),
      response: { 200: SettingReply }
    }
  }, async (request) => {
    const { key: asked } = request.params;
    const key = storedKeyOf(asked);
    const companyId = isBrandingKey(key) || key === PLATFORM_REQUIRE_TWO_FACTOR ? await brandingCompanyId() ?? request.user.companyId : request.user.companyId;
    let value = familyValueIn(asked, request.body.value.trim());
    if (!isKnownKey(key) && !await Setting.scoped(companyId).findOne({ key })) {
      throw notFound("ERR_NO_SETTING_FOUND", `No setting "${key}"`);
    }
    if (SUPER_ONLY_KEYS.has(key) && !request.user.super) throw forbidden("ERR_NO_PERMISSION", `Only the super user may change ${key}`);
    if (isImageKey(key)) throw badRequest("ERR_INVALID_SETTING_VALUE", `${key} is an image: upload it to POST /settings/branding/${key}`, { field: "body/value", allowed: "an uploaded image" });
    const branding = brandingValueRejected(key, value);
    if (branding) throw badRequest("ERR_INVALID_SETTING_VALUE", `${key} accepts ${branding}`, { field: "body/value", allowed: branding });
    const allowed = rejectedValue(key, value);
    if (allowed) throw badRequest("ERR_INVALID_SETTING_VALUE", `${key} accepts ${allowed.join(", ")}`, { field: "body/value", allowed });
    const range = outOfRange(key, value);
    if (range) throw badRequest("ERR_INVALID_SETTING_VALUE", `${key} accepts a whole number from ${range.min} to ${range.max}`, { field: "body/value", ...range, allowed: `${range.min}\u2013${range.max}` });
    if (key === RETENTION_KEY) await assertWithinRetentionMaximum(app, Number(value || 0));
    if (SECRET_KEYS.has(key)) value = secrets.keepSecretIfMasked(value, await app.tenancy.settings.get(companyId, key)) ?? "";
    const turnsOnTwoFactor = (key === REQUIRE_TWO_FACTOR || key === PLATFORM_REQUIRE_TWO_FACTOR) && value === "enabled" && await app.tenancy.settings.get(companyId, key) !== "enabled";
    const row = await app.tenancy.settings.set(companyId, key, value);
    if (key === "campaignsEnabled") await Company.query().findById(companyId).patch({ campaignsEnabled: value === "true" });
    if (turnsOnTwoFactor) {
      await endSessionsWithoutSecondFactor(app, key === REQUIRE_TWO_FACTOR ? companyId : "all", request.user.id);
    }
    const setting = { key: asked, value: shown(row.key, row.value) };
    app.bus.emit(companyId, "settings", { action: "update", setting });
    return setting;
  });
};
var routes_default = settingsRoutes;
export {
  routes_default as default
};
