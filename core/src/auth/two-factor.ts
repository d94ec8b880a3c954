import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Knex } from 'knex';
import { User } from '../db/models/index.js';
import type { Secrets } from '../secrets/index.js';

/**
 * Two-factor sign-in with TOTP (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), through the maintained `otpauth`
 * library. A code is accepted one step early or late (clock drift) and never twice: the step it matched is kept and
 * a later code must match a newer one. Recovery codes are random, shown once, kept as SHA-256 hashes (each carries
 * about 49 random bits, beyond guessing within the login limits, so a slow hash would add little), and each works once.
 */
const PERIOD = 30;
const DIGITS = 6;
const RECOVERY_CODES = 10;
const ISSUER_FALLBACK = 'Atrium';

const totpOf = (secret: string, label = 'user', issuer = ISSUER_FALLBACK) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });

/** A new random secret (160 bits, as RFC 4226 recommends), base32 as authenticator apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The enrolment QR code's text: `otpauth://totp/<issuer>:<account>?secret=…`. */
export const otpauthUri = (secret: string, account: string, issuer: string) => totpOf(secret, account, issuer).toString();

/** The time step a code matches (±1 step around now), or null. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

const hashCode = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');
const BASE32 = 'ABCDEFGHJKMNPQRSTVWXYZ23456789'; // no look-alikes (0/O, 1/I/L, U)

/** Ten fresh recovery codes (`XXXXX-XXXXX`) and the JSON of their hashes, to store. */
export function newRecoveryCodes(): { codes: string[]; stored: string } {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const chars = [...randomBytes(10)].map((b) => BASE32[b % BASE32.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, stored: JSON.stringify(codes.map(hashCode)) };
}

/** The user's second factor: checks a code or a recovery code, each accepted once even when two requests race. */
export function twoFactor(secrets: Secrets) {
  const row = (user: User) => User.scoped(user.companyId).where('id', user.id);
  return {
    secretOf: (user: User) => (user.totpSecret ? secrets.decrypt(user.totpSecret) : null),
    seal: (secret: string) => secrets.encrypt(secret),

    /** True when `code` is the user's current code and its step was not used before (the step is taken). */
    async acceptCode(user: User, secret: string, code: string): Promise<boolean> {
      const step = matchingStep(secret, code);
      if (step === null) return false;
      const taken = await row(user).where((q) => q.whereNull('totpLastStep').orWhere('totpLastStep', '<', step)).patch({ totpLastStep: step } as Partial<User>);
      return taken > 0;
    },

    /**
     * True when `code` is one of the user's unused recovery codes (it is used up); `used` (its audit entry) runs in
     * the same transaction as the code's removal, so the code is gone only with its entry written.
     */
    async acceptRecoveryCode(user: User, code: string, used?: (trx: Knex.Transaction) => Promise<void>): Promise<boolean> {
      const current = await row(user).select('totpRecovery').first();
      const stored = current?.totpRecovery;
      if (!stored) return false;
      const hashes = JSON.parse(stored) as string[];
      const wanted = Buffer.from(hashCode(code), 'hex');
      const index = hashes.findIndex((h) => timingSafeEqual(Buffer.from(h, 'hex'), wanted));
      if (index < 0) return false;
      const left = JSON.stringify(hashes.filter((_, i) => i !== index));
      return User.knex().transaction(async (trx) => {
        // Only against the list read: a code used by a racing request at the same moment is accepted once.
        const taken = (await row(user).transacting(trx).where('totpRecovery', stored).patch({ totpRecovery: left } as Partial<User>)) > 0;
        if (taken && used) await used(trx);
        return taken;
      });
    },
  };
}
export type TwoFactor = ReturnType<typeof twoFactor>;

/**
 * The login's second step: a short-lived ticket naming the user who gave the right password, signed with a key
 * derived from the JWT secret for this use only, so it can never pass as an access token (nor one as it).
 */
export function challengeTokens(jwtSecret: string, ttlMs = 5 * 60_000) {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, 'atrium', 'two-factor-challenge', 32));
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue(user: { id: number; companyId: number; tokenVersion: number }, purpose: 'verify' | 'enrol', now = Date.now()): string {
      const body = Buffer.from(JSON.stringify({ u: user.id, c: user.companyId, v: user.tokenVersion, p: purpose, e: now + ttlMs })).toString('base64url');
      return `${body}.${sign(body)}`;
    },
    /** The ticket's user and purpose, or null when it is forged, altered or expired. */
    read(token: string, now = Date.now()): { userId: number; companyId: number; tokenVersion: number; purpose: 'verify' | 'enrol' } | null {
      const [body, mac] = token.split('.');
      if (!body || !mac) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u: number; c: number; v: number; p: 'verify' | 'enrol'; e: number };
        if (typeof data.e !== 'number' || data.e < now) return null;
        return { userId: data.u, companyId: data.c, tokenVersion: data.v, purpose: data.p };
      } catch {
        return null;
      }
    },
  };
}
