/**
 * The shapes this plugin's API answers, written once: the backend uses them, and the remote imports them with
 * `import type` (nothing of the backend reaches the remote's bundle). Keep this file free of imports.
 */
export const ORDER_STATUSES = ['received', 'shipped', 'delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A row of GET /orders. */
export interface Order {
  id: number;
  number: string;
  status: OrderStatus;
  phone: string;
}

/** GET /settings; POST /settings/secret answers the new secret too, that once. */
export interface WebhookSettings {
  webhookUrl: string | null;
  secret?: string;
}

/** GET /orders/latest?phone=: a customer's latest order, for the ticket header. */
export interface LatestOrder {
  order: Pick<Order, 'number' | 'status'> | null;
}
