import type { AtriumSdk, ResponderContext, TypebotAnswer } from '@atrium/core/sdk';
import type { IntegrationRow } from './store.js';

/**
 * A ticket's Typebot session for a typebot integration: urlN8N is the Typebot base URL (as in the spec's form), the
 * calls are the core's `sdk.bots.typebot`. The session of a ticket lives in integrationSessions (survives a restart)
 * and expires after typebotExpires minutes without a message (sdk.clock.scale; 0 = never). A session Typebot no
 * longer knows (404 on continueChat) starts one new session, never a loop.
 */
export function typebotSessions(sdk: AtriumSdk) {
  /** The ticket's sessions, in its company. */
  const sessions = (ctx: ResponderContext) => sdk.db.table('integrationSessions', ctx.companyId).where({ ticketId: ctx.ticket.id });
  const bot = sdk.bots.typebot;

  async function start(row: IntegrationRow, ctx: ResponderContext, text: string) {
    const answer = await bot.start({
      baseUrl: row.urlN8N!, slug: row.typebotSlug!, message: text,
      prefilledVariables: { number: ctx.contact.number, pushName: ctx.contact.name, ticketId: ctx.ticket.id },
    });
    await sessions(ctx).delete();
    await sdk.db.table('integrationSessions', ctx.companyId).insert({
      ticketId: ctx.ticket.id, integrationId: row.id, sessionId: answer.sessionId, updatedAt: sdk.clock.now().getTime(),
    });
    return answer;
  }

  return {
    /** The ticket's live session id, or null (none, another integration's, or expired: then it is dropped). */
    async liveSession(row: IntegrationRow, ctx: ResponderContext): Promise<string | null> {
      const session = await sessions(ctx).first();
      if (!session) return null;
      const idleMs = sdk.clock.now().getTime() - Number(session.updatedAt);
      const expired = row.typebotExpires > 0 && idleMs > sdk.clock.scale(row.typebotExpires * 60_000);
      if (session.integrationId !== row.id || expired) {
        await this.end(ctx);
        return null;
      }
      return session.sessionId;
    },
    async end(ctx: ResponderContext) {
      await sessions(ctx).delete();
    },
    /** Continues the ticket's session, or starts one; a session Typebot no longer knows is started afresh once. */
    async say(row: IntegrationRow, ctx: ResponderContext, text: string): Promise<TypebotAnswer> {
      const sessionId = await this.liveSession(row, ctx);
      if (!sessionId) return start(row, ctx, text);
      const answer = await bot.continue({ baseUrl: row.urlN8N!, sessionId, message: text });
      if (!answer) return start(row, ctx, text);
      await sessions(ctx).update({ updatedAt: sdk.clock.now().getTime() });
      return answer;
    },
  };
}
