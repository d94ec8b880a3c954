import type { AtriumSdk } from '@atrium/core/sdk';

export type ChatEvent =
  | { action: 'create' | 'update'; chat: unknown }
  | { action: 'new-message'; chat: unknown; newMessage: unknown }
  | { action: 'delete'; id: number };

/**
 * `company-{id}-chat` reaches the members' sockets only: each user's sockets sit in the core's user
 * room (joined at connect), so a same-company user who is not a member, and every other company,
 * hear nothing (the peers broadcast to the whole company, so every user's chat sound rang).
 */
export function chatAudience(sdk: AtriumSdk) {
  return {
    tell(companyId: number, userIds: Iterable<number>, payload: ChatEvent) {
      for (const userId of new Set(userIds)) sdk.bus.emitToUser(companyId, userId, 'chat', payload);
    },
  };
}

export type ChatAudience = ReturnType<typeof chatAudience>;
