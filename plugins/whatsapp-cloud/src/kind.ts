/** The connection kind this plugin registers (a connection's `provider`). */
export const CLOUD_KIND = 'cloud';
/** The operation the webhook runs where the connection's session is driven. */
export const CLOUD_RECEIVE = `${CLOUD_KIND}.receive`;
