import type { FastifyReply } from 'fastify';

/**
 * Warnings about a request that succeeded: one `Atrium-Warning` header each, `<CODE>; field="<field>"`
 * (a URL saved although its host name does not resolve now, ERR_URL_UNRESOLVED). A header rather than a body
 * field, so any route may warn without changing its answer's schema; the console's API client shows each as a
 * warning toast (host-web/src/api/warnings.ts).
 */
export const WARNING_HEADER = 'atrium-warning';

export type WarningTarget = Pick<FastifyReply, 'getHeader' | 'header'>;

export function addWarning(reply: WarningTarget, code: string, field?: string) {
  const value = field ? `${code}; field="${field.replace(/["\\]/g, '')}"` : code;
  const current = reply.getHeader(WARNING_HEADER);
  const list = current === undefined ? [] : [current].flat().map(String);
  if (!list.includes(value)) reply.header(WARNING_HEADER, [...list, value].join(', '));
}

/** The warnings of an answer's header, as `{ code, field }` (tests and clients). */
export function parseWarnings(header: string | string[] | undefined | null): { code: string; field?: string }[] {
  if (!header) return [];
  return [header].flat().join(', ').split(/,\s*/).filter(Boolean).map((item) => {
    const [code, ...params] = item.split(';').map((s) => s.trim());
    const field = params.map((p) => /^field="(.*)"$/.exec(p)?.[1]).find((f) => f !== undefined);
    return field === undefined ? { code } : { code, field };
  });
}
