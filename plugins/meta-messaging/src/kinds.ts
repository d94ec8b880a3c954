/** The two connection kinds this plugin registers (a connection's `provider`), and what Meta's webhook calls them. */
export const MESSENGER_KIND = 'messenger';
export const INSTAGRAM_KIND = 'instagram';
export type MetaKind = typeof MESSENGER_KIND | typeof INSTAGRAM_KIND;
export const META_KINDS: readonly MetaKind[] = [MESSENGER_KIND, INSTAGRAM_KIND];

/** A delivery's `object`: `page` for a Page's Messenger conversations, `instagram` for its Instagram account's. */
export const WEBHOOK_OBJECT: Record<MetaKind, string> = { [MESSENGER_KIND]: 'page', [INSTAGRAM_KIND]: 'instagram' };

/** The operation the webhook runs where the connection's session is driven (`<kind>.receive`). */
export const receiveOperation = (kind: MetaKind) => `${kind}.receive`;

/** The plan flag of the plugin (both kinds). */
export const PLAN_FLAG = 'useMetaMessaging';
