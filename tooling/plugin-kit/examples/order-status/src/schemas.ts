import { Type as T, type Static } from '@atrium/core/sdk';
import { ORDER_STATUSES, type LatestOrder, type Order, type WebhookSettings } from './types.js';

/**
 * The routes' schemas as module constants: `Type` is a value of the SDK module, so each schema is built once and
 * its TypeScript type is `Static<typeof …>`, with no factory over `sdk.Type`. Response schemas also keep a handler
 * from answering a column it did not mean to (fast-json-stringify writes only what the schema names).
 */
export const Status = T.Union(ORDER_STATUSES.map((s) => T.Literal(s)));

export const SettingsReply = T.Object({ webhookUrl: T.Union([T.String(), T.Null()]), secret: T.Optional(T.String()) });

export const OrderRow = T.Object({ id: T.Integer(), number: T.String(), status: Status, phone: T.String() });
export const OrdersReply = T.Object({ orders: T.Array(OrderRow), hasMore: T.Boolean() });

export const LatestQuery = T.Object({ phone: T.String({ minLength: 8, maxLength: 32 }) });
export const LatestReply = T.Object({ order: T.Union([T.Pick(OrderRow, ['number', 'status']), T.Null()]) });

export const WebhookParams = T.Object({ shopId: T.String({ maxLength: 32 }) });
export const WebhookBody = T.Object({ number: T.String({ minLength: 1, maxLength: 32 }), status: Status, phone: T.String({ minLength: 8, maxLength: 32 }) });
export const WebhookReply = T.Object({ received: T.Boolean() });

// The remote reads types.ts (no imports there, so nothing of the backend reaches its bundle): these lines fail the
// type-check when a schema and the type the remote reads drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const schemasMatchTypes: [Same<Static<typeof OrderRow>, Order>, Same<Static<typeof LatestReply>, LatestOrder>, Same<Static<typeof SettingsReply>, WebhookSettings>] = [true, true, true];
