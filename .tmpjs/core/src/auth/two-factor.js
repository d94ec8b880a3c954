import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { User } from "../db/models/index.js";
const PERIOD = 30;
const DIGITS = 6;
const RECOVERY_CODES = 10;
const ISSUER_FALLBACK = "Atrium";
const totpOf = (secret, label = "user", issuer = ISSUER_FALLBACK) => new TOTP({ issuer, label, algorithm: "SHA1", digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });
const newTotpSecret = () => new Secret({ size: 20 }).base32;
const otpauthUri = (secret, account, issuer) => totpOf(secret, account, issuer).toString();
function matchingStep(secret, code, now = Date.now()) {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1e3 / PERIOD) + delta;
}
const hashCode = (code) => createHash("sha256").update(code.replace(/[\s-]/g, "").toUpperCase()).digest("hex");
const BASE32 = "ABCDEFGHJKMNPQRSTVWXYZ23456789";
function newRecoveryCodes() {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const chars = [...randomBytes(10)].map((b) => BASE32[b % BASE32.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, stored: JSON.stringify(codes.map(hashCode)) };
}
function twoFactor(secrets) {
  const row = (user) => User.scoped(user.companyId).where("id", user.id);
  return {
    secretOf: (user) => user.totpSecret ? secrets.decrypt(user.totpSecret) : null,
    seal: (secret) => secrets.encrypt(secret),
    /** True when `code` is the user's current code and its step was not used before (the step is taken). */
    async acceptCode(user, secret, code) {
      const step = matchingStep(secret, code);
      if (step === null) return false;
      const taken = await row(user).where((q) => q.whereNull("totpLastStep").orWhere("totpLastStep", "<", step)).patch({ totpLastStep: step });
      return taken > 0;
    },
    /**
     * True when `code` is one of the user's unused recovery codes (it is used up); `used` (its audit entry) runs in
     * the same transaction as the code's removal, so the code is gone only with its entry written.
     */
    async acceptRecoveryCode(user, code, used) {
      const current = await row(user).select("totpRecovery").first();
      const stored = current?.totpRecovery;
      if (!stored) return false;
      const hashes = JSON.parse(stored);
      const wanted = Buffer.from(hashCode(code), "hex");
      const index = hashes.findIndex((h) => timingSafeEqual(Buffer.from(h, "hex"), wanted));
      if (index < 0) return false;
      const left = JSON.stringify(hashes.filter((_, i) => i !== index));
      return User.knex().transaction(async (trx) => {
        const taken = await row(user).transacting(trx).where("totpRecovery", stored).patch({ totpRecovery: left }) > 0;
        if (taken && used) await used(trx);
        return taken;
      });
    }
  };
}
function challengeTokens(jwtSecret, ttlMs = 5 * 6e4) {
  const key = Buffer.from(hkdfSync("sha256", jwtSecret, "atrium", "two-factor-challenge", 32));
  const sign = (body) => createHmac("sha256", key).update(body).digest("base64url");
  return {
    issue(user, purpose, now = Date.now()) {
      const body = Buffer.from(JSON.stringify({ u: user.id, c: user.companyId, v: user.tokenVersion, p: purpose, e: now + ttlMs })).toString("base64url");
      return `${body}.${sign(body)}`;
    },
    /** The ticket's user and purpose, or null when it is forged, altered or expired. */
    read(token, now = Date.now()) {
      const [body, mac] = token.split(".");
      if (!body || !mac) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const data = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
        if (typeof data.e !== "number" || data.e < now) return null;
        return { userId: data.u, companyId: data.c, tokenVersion: data.v, purpose: data.p };
      } catch {
        return null;
      }
    }
  };
}
export {
  challengeTokens,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  twoFactor
};
