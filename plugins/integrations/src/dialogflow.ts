import { createHash, createSign } from 'node:crypto';
import type { AtriumSdk } from '@atrium/core/sdk';

/**
 * Dialogflow ES `detectIntent` (text) over REST, with a service-account JSON (stored as a secret). Both Google URLs
 * are the OPERATOR's to set, so tests and proxies can stand in for Google:
 *   DIALOGFLOW_API_URL   default https://dialogflow.googleapis.com
 *   GOOGLE_TOKEN_URL     default https://oauth2.googleapis.com/token (the service account's token_uri is NOT used:
 *                        a tenant-supplied URL would receive a signed assertion)
 * The access token (JWT bearer grant, RS256) is cached per service-account JSON until a minute before it expires, so
 * an edited JSON gets a new token and two companies never share a client.
 */
export interface ServiceAccount { client_email: string; private_key: string; project_id?: string }
export interface DetectAnswer { messages: string[]; end: boolean }

const SCOPE = 'https://www.googleapis.com/auth/dialogflow';
const TIMEOUT_MS = 10_000;
/** ES text input is at most 256 characters. */
const MAX_TEXT = 256;
const apiUrl = () => (process.env.DIALOGFLOW_API_URL || 'https://dialogflow.googleapis.com').replace(/\/+$/, '');
const tokenUrl = () => process.env.GOOGLE_TOKEN_URL || 'https://oauth2.googleapis.com/token';
const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Thrown when the credentials cannot give an access token (testSession's ERR_TEST_SESSION_DIALOG). */
export class DialogflowAuthError extends Error {}

export function parseServiceAccount(json: string): ServiceAccount {
  let parsed: Partial<ServiceAccount>;
  try { parsed = JSON.parse(json); } catch { throw new DialogflowAuthError('the service account is not JSON'); }
  if (typeof parsed.client_email !== 'string' || typeof parsed.private_key !== 'string') {
    throw new DialogflowAuthError('the service account has no client_email or private_key');
  }
  return parsed as ServiceAccount;
}

interface Query { serviceAccount: string; projectName: string; language: string; sessionId: string; text: string }

export function dialogflowClient(sdk: AtriumSdk) {
  const tokens = new Map<string, { token: string; expiresAt: number }>();

  async function accessToken(json: string): Promise<string> {
    const key = createHash('sha256').update(json).digest('hex');
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const account = parseServiceAccount(json);
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${b64url(JSON.stringify({
      iss: account.client_email, scope: SCOPE, aud: tokenUrl(), iat: now, exp: now + 3600,
    }))}`;
    let signature: string;
    try { signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key, 'base64url'); } catch {
      throw new DialogflowAuthError('the service account private key is not usable');
    }
    const res = await sdk.http.request(tokenUrl(), {
      method: 'POST', timeoutMs: TIMEOUT_MS, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${signature}` }).toString(),
    });
    const answer = res.status === 200 ? res.json<{ access_token?: string; expires_in?: number }>() : {};
    if (!answer.access_token) throw new DialogflowAuthError(`Google refused the service account (${res.status})`);
    tokens.set(key, { token: answer.access_token, expiresAt: Date.now() + Math.max(0, (answer.expires_in ?? 3600) - 60) * 1000 });
    return answer.access_token;
  }

  return {
    /** One text turn; the replies are the fulfillment texts in order (else fulfillmentText). */
    async detectIntent(q: Query): Promise<DetectAnswer> {
      const token = await accessToken(q.serviceAccount);
      const url = `${apiUrl()}/v2/projects/${encodeURIComponent(q.projectName)}/agent/sessions/${encodeURIComponent(q.sessionId)}:detectIntent`;
      const answer = await sdk.http.json<{ queryResult?: DetectResult }>(url, {
        method: 'POST', timeoutMs: TIMEOUT_MS, headers: { authorization: `Bearer ${token}` },
        json: { queryInput: { text: { text: q.text.slice(0, MAX_TEXT), languageCode: q.language } } },
      });
      return readResult(answer.queryResult ?? {});
    },
  };
}

interface DetectResult {
  fulfillmentText?: string;
  fulfillmentMessages?: Array<{ text?: { text?: string[] } }>;
  intent?: { endInteraction?: boolean };
  diagnosticInfo?: { end_conversation?: boolean };
}

function readResult(result: DetectResult): DetectAnswer {
  const messages = (result.fulfillmentMessages ?? []).map((m) => m.text?.text?.[0]?.trim() ?? '').filter(Boolean);
  if (!messages.length && result.fulfillmentText?.trim()) messages.push(result.fulfillmentText.trim());
  return { messages, end: result.diagnosticInfo?.end_conversation === true || result.intent?.endInteraction === true };
}

export type DialogflowClient = ReturnType<typeof dialogflowClient>;
