import { Type } from '@sinclair/typebox';
import { socketEvents, type SocketEventSpec } from './events.js';

/**
 * The family's web client (Ticketz) listens to some of our events under names of its own (issue 43,
 * docs/compatibility.md). `bus.emit` sends each of these beside our `company-{id}-<event>`, with the same payload
 * and to the same rooms, so the client hears what it listens to and nobody hears more than before.
 */
export const FAMILY_EVENT_NAMES: Readonly<Record<string, string>> = {
  tag: 'tag',
  settings: 'settings',
  presence: 'userOnlineChange',
};

/**
 * Those it listens to under another company event name, `company-{id}-<name>`: a contact's typing is the family's
 * `company-{id}-presence` (its payload tells it from a user's presence by `ticketId`).
 */
export const FAMILY_COMPANY_EVENT_NAMES: Readonly<Record<string, string>> = {
  contactPresence: 'presence',
};

export const familyCompanyEventName = (event: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(FAMILY_COMPANY_EVENT_NAMES, event) ? FAMILY_COMPANY_EVENT_NAMES[event] : undefined;

/** The family's name for one of our events, if it has one. */
export const familyEventName = (event: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(FAMILY_EVENT_NAMES, event) ? FAMILY_EVENT_NAMES[event] : undefined;

/**
 * The catalogue of the family's names: the twin's schema, plus `ready` (a socket's rooms are joined). Built on first
 * use: events.ts asks it from `eventSpecOf`, and this module reads events.ts's catalogue.
 */
let catalogue: Record<string, SocketEventSpec> | undefined;
export function familyEvents(): Record<string, SocketEventSpec> {
  catalogue ??= {
    ...Object.fromEntries(Object.entries(FAMILY_EVENT_NAMES).map(([ours, theirs]) => {
      const spec = socketEvents[ours as keyof typeof socketEvents];
      return [theirs, { ...spec, when: `the family's name for \`${ours}\`: ${spec.when}` }];
    })),
    ready: {
      audience: 'user',
      when: 'this socket joined its rooms: the client may (re)load its lists and will miss no event after it',
      payload: Type.Object({ userId: Type.Integer(), companyId: Type.Integer() }, { additionalProperties: false }),
    },
  };
  return catalogue;
}
