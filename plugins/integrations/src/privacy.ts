import type { AtriumSdk } from '@atrium/core/sdk';

/** A contact's integration data (LGPD export and erasure): the bot sessions (Typebot's session id) of its tickets. */
export function registerPrivacy(sdk: AtriumSdk) {
  const sessions = (companyId: number, ticketIds: number[]) => sdk.db.table('integrationSessions', companyId).whereIn('ticketId', ticketIds);
  sdk.privacy.register({
    async export({ companyId, ticketIds }) {
      return { integrationSessions: await sessions(companyId, ticketIds).select('id', 'ticketId', 'integrationId', 'sessionId', 'updatedAt') };
    },
    async erase({ companyId, ticketIds }) {
      return { integrationSessions: await sessions(companyId, ticketIds).delete() };
    },
  });
}
