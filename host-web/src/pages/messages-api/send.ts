/** The external endpoint: POST /api/messages/send with the connection's token (not the session's). */
export const SEND_PATH = '/api/messages/send';

export interface SendAnswer { status: number; body: unknown }

/** Sends a JSON body (number, body) or a multipart form (number, body, medias) and returns the answer as it came. */
export async function sendExternal(token: string, payload: { number: string; body?: string } | FormData): Promise<SendAnswer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token.trim()}` };
  if (!(payload instanceof FormData)) headers['Content-Type'] = 'application/json';
  const res = await fetch(SEND_PATH, { method: 'POST', headers, body: payload instanceof FormData ? payload : JSON.stringify(payload) });
  const text = await res.text();
  let body: unknown = text;
  try { body = text ? JSON.parse(text) : null; } catch { /* not JSON: shown as text */ }
  return { status: res.status, body };
}
