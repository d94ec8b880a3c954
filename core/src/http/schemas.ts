import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Shared schemas: one definition for ids, paging and errors across every route. */
export const PAGE_SIZE = 20;

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export type IdParams = Static<typeof IdParams>;

export const PagingQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
});
export type PagingQuery = Static<typeof PagingQuery>;

export const ErrorReply = Type.Object(
  { error: Type.String(), message: Type.Optional(Type.String()), field: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

/** `{ [key]: T[], hasMore }`: the list shape the spec names per route (records, tickets, users …). */
export const pageOf = <K extends string, T extends TSchema>(key: K, item: T, extra: Record<string, TSchema> = {}) =>
  Type.Object({ [key]: Type.Array(item), hasMore: Type.Boolean(), ...extra } as Record<K | 'hasMore', TSchema>);

export const offsetOf = (pageNumber = 1, pageSize = PAGE_SIZE) => ({ limit: pageSize, offset: (pageNumber - 1) * pageSize });

/** Fetches one row more than a page to learn `hasMore` without a COUNT. */
export function pageResult<T>(rows: T[], pageSize = PAGE_SIZE): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

export const Email = Type.String({ format: 'email', maxLength: 255 });
export const Name = Type.String({ minLength: 2, maxLength: 50 });
export const Password = Type.String({ minLength: 5, maxLength: 50 });
export const OkReply = Type.Object({ message: Type.String() });
/** A URL the server will call on a tenant's behalf: checked by the API before the handler (outbound-http/schema.ts). */
export { TenantUrl } from '../outbound-http/schema.js';

/** A bot's last failure (sdk.services.responderFailures), as a prompt's or an integration's screen shows it; null when none. */
export const LastFailureReply = Type.Union([Type.Object({
  kind: Type.String(), detail: Type.String(), ticketId: Type.Union([Type.Integer(), Type.Null()]), at: Type.String(),
}), Type.Null()]);

export { ClientDateTime, clientDateTime } from './date-time.js';
