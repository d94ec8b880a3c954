import { Type, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { MessageView } from '../domains/messages/schemas.js';
import { TicketContact, TicketView } from '../domains/tickets/schemas.js';
import { ConnectionView } from '../domains/whatsapp/schemas.js';
import { familyEvents } from './family-events.js';

/**
 * The catalogue of the core's socket events: every event name a socket may hear, who hears it and
 * the schema of its payload. Events are named `company-{companyId}-{name}` (`company-announcement`
 * is the one event not tied to a company). `core/test/bus/event-catalogue.test.ts` drives the app and
 * validates every payload a socket receives against this list; docs/architecture.md ("Socket events")
 * is generated from it (`npx tsx tooling/docs/socket-events.ts`).
 */
export interface SocketEventSpec {
  /** Who hears it: the rooms of the ticket's audience, the whole company, one user, everyone. */
  audience: 'ticket' | 'company' | 'admins' | 'user' | 'everyone';
  /** When it is emitted. */
  when: string;
  payload: TSchema;
}

const Id = Type.Integer();
/** An entity whose shape its own domain documents: its id is promised, the rest passes. */
const Entity = Type.Object({ id: Id }, { additionalProperties: true });
const action = <A extends string>(...names: A[]) => Type.Union(names.map((n) => Type.Literal(n)));
const variant = (props: TProperties): TObject => Type.Object(props, { additionalProperties: false });

const ContactPresencePayload = variant({ ticketId: Id, contactId: Id, presence: action('composing', 'recording', 'paused') });

/** `{ action: 'create'|'update', <key>: entity }` or `{ action: 'delete', <key>Id: id }`. */
function crud(key: string, entity: TSchema = Entity, extraDelete: TProperties = {}): TSchema {
  return Type.Union([
    variant({ action: action('create', 'update'), [key]: entity }),
    variant({ action: Type.Literal('delete'), [`${key}Id`]: Id, ...extraDelete }),
  ]);
}

export const socketEvents = {
  ticket: {
    audience: 'ticket',
    when: 'a ticket is created, changes (accept, transfer, resolve, reopen, a bot\'s hand-off, a kanban move, a new message), is read, or is deleted; `moved: true` tells the sockets that can no longer see it',
    payload: Type.Union([
      variant({ action: Type.Literal('update'), ticket: TicketView }),
      variant({ action: Type.Literal('delete'), ticketId: Id, moved: Type.Optional(Type.Literal(true)) }),
      variant({ action: Type.Literal('updateUnread'), ticketId: Id }),
    ]),
  },
  appMessage: {
    audience: 'ticket',
    when: 'a message is stored (inbound or sent: `create`, with its ticket and contact) or changes (ack, sending → sent/failed, deleted: `update`)',
    payload: Type.Union([
      variant({ action: Type.Literal('create'), message: MessageView, ticket: TicketView, contact: TicketContact }),
      variant({ action: Type.Literal('update'), message: MessageView }),
    ]),
  },
  ticketNote: {
    audience: 'ticket',
    when: 'a note is added to a ticket (by a person, or by the responder chain on a hand-off) or deleted',
    payload: Type.Union([
      variant({ action: Type.Literal('create'), ticketNote: Type.Object({ id: Id, ticketId: Id, note: Type.String() }, { additionalProperties: true }) }),
      variant({ action: Type.Literal('delete'), ticketNoteId: Id, ticketId: Id }),
    ]),
  },
  contact: {
    audience: 'company',
    when: 'a contact is created (also by an inbound message from a new number), updated or deleted; `reload` after an import',
    payload: Type.Union([
      variant({ action: action('create', 'update'), contact: TicketContact }),
      variant({ action: Type.Literal('delete'), contactId: Id }),
      variant({ action: Type.Literal('reload'), count: Type.Integer() }),
    ]),
  },
  whatsapp: {
    audience: 'company',
    when: 'a connection is created, updated or deleted (never with its token)',
    payload: crud('whatsapp', ConnectionView),
  },
  whatsappSession: {
    audience: 'company',
    when: 'a connection\'s session changes status (QR code, connected, disconnected …)',
    payload: variant({ action: Type.Literal('update'), session: ConnectionView }),
  },
  user: { audience: 'company', when: 'a user is created, updated or deleted', payload: crud('user') },
  queue: { audience: 'company', when: 'a queue is created, updated or deleted', payload: crud('queue') },
  queueOption: {
    audience: 'company',
    when: 'a queue\'s menu option is created, updated or deleted',
    payload: crud('queueOption', Entity, { queueId: Id, parentId: Type.Union([Id, Type.Null()]) }),
  },
  tag: {
    audience: 'company',
    when: 'a tag is created, updated or deleted (a ticket\'s tags changing is a `ticket` update, to the ticket\'s audience)',
    payload: Type.Union([
      variant({ action: action('create', 'update'), tag: Entity }),
      variant({ action: Type.Literal('delete'), tagId: Id }),
    ]),
  },
  file: { audience: 'company', when: 'a file list is created, updated or deleted', payload: crud('fileList') },
  quickmessage: {
    audience: 'company',
    when: 'a quick message is created, updated or deleted',
    payload: Type.Union([
      variant({ action: action('create', 'update'), record: Entity }),
      variant({ action: Type.Literal('delete'), id: Id }),
    ]),
  },
  schedule: { audience: 'company', when: 'a schedule is created, updated (also when it is sent) or deleted', payload: crud('schedule') },
  settings: {
    audience: 'company',
    when: 'a company setting changes (secret values masked)',
    payload: variant({ action: Type.Literal('update'), setting: Type.Object({ key: Type.String(), value: Type.Unknown() }, { additionalProperties: true }) }),
  },
  company: {
    audience: 'company',
    when: 'the company is created, updated or deleted',
    payload: Type.Union([
      variant({ action: action('create', 'update'), company: Entity }),
      variant({ action: Type.Literal('delete'), companyId: Id }),
    ]),
  },
  invoice: { audience: 'company', when: 'an invoice is created or paid', payload: crud('invoice') },
  presence: {
    audience: 'admins',
    when: 'a user comes online (their first socket) or goes offline (their last socket closed and no other was seen since), or sets themselves away / available (`away`, PUT /users/me/availability): the dashboard\'s attendants. Also, under this name, `contactPresence` for the family\'s client (to that event\'s audience, with its payload)',
    payload: Type.Union([
      variant({ userId: Id, online: Type.Boolean(), away: Type.Optional(Type.Boolean()) }),
      ContactPresencePayload,
    ]),
  },
  contactPresence: {
    audience: 'ticket',
    when: 'the contact of a live ticket is typing (`composing`), recording a voice note (`recording`) or stopped (`paused`), on channels that report it: to those who may see the ticket; nothing is stored',
    payload: ContactPresencePayload,
  },
  slaBreach: {
    audience: 'ticket',
    when: 'a ticket missed an SLA target (`target`: firstResponse or resolution) at its due time: to those who may see the ticket (its queue\'s agents, its agent, the admins)',
    payload: variant({ ticketId: Id, target: Type.String(), dueAt: Type.Union([Type.String(), Type.Null()]), queueId: Type.Union([Id, Type.Null()]), userId: Type.Union([Id, Type.Null()]) }),
  },
  responderFailure: {
    audience: 'admins',
    when: 'a bot (an AI prompt, an integration) could not answer and handed the ticket to people: why (`kind`: unreachable, key-refused, quota, rate-limited, not-found, refused, timeout)',
    payload: variant({
      source: Type.Union([variant({ kind: Type.String(), id: Id, name: Type.String() }), Type.Null()]),
      responder: Type.String(), kind: Type.String(), detail: Type.String(), ticketId: Id,
    }),
  },
  auth: {
    audience: 'user',
    when: 'the user logged in elsewhere (the other sessions sign out)',
    payload: variant({ action: Type.Literal('update'), user: variant({ id: Id }) }),
  },
} satisfies Record<string, SocketEventSpec>;

/** `company-announcement`: not tied to a company, heard by every socket. */
export const broadcastEvents = {
  'company-announcement': {
    audience: 'everyone',
    when: 'an announcement is created, updated or deleted',
    payload: Type.Object({ action: Type.String() }, { additionalProperties: true }),
  },
} satisfies Record<string, SocketEventSpec>;

export type SocketEventName = keyof typeof socketEvents;

/** The catalogue entry of a received event name (`company-7-ticket` → ticket), or undefined. */
export function eventSpecOf(name: string): { name: string; spec: SocketEventSpec } | undefined {
  if (name in broadcastEvents) return { name, spec: broadcastEvents[name as keyof typeof broadcastEvents] };
  const family = familyEvents();
  if (Object.prototype.hasOwnProperty.call(family, name)) return { name, spec: family[name] };
  const match = /^company-\d+-(.+)$/.exec(name);
  if (!match || !(match[1] in socketEvents)) return undefined;
  return { name: match[1], spec: socketEvents[match[1] as SocketEventName] };
}
