import type { ChatTurn } from '../bots/index.js';
import type { TicketView } from '../domains/tickets/view.js';
import type { LastFailure } from '../messaging/responders/failures.js';
import type { MessagesService } from '../messaging/pipeline-plugin.js';
import type { TemplatesService } from '../messaging/providers/templates-service.js';
import type { ChannelCapabilities } from '../messaging/providers/registry.js';

/**
 * Domain services the core publishes to plugins through `sdk.services`. Each domain sets its
 * entry when it registers; a plugin reads it at request time. Keep these small and stable: they
 * are part of the public contract.
 */
export interface CoreServices {
  /** Tickets (set by the messaging pipeline). */
  tickets?: TicketsService;
  /** A connection's channel templates (set at start from the provider registry). */
  templates?: TemplatesService;
  /** Bots' last failures, recorded by `ctx.fail` (set by the messaging pipeline). */
  responderFailures?: ResponderFailuresService;
  /** The tags of tickets (set by the core at start). */
  ticketTags: TicketTagsService;
  tags: TagsService;
  connections: ConnectionsService;
  contacts: ContactsService;
  users: UsersService;
  queues: QueuesService;
  /** A ticket's conversation as a bot reads it. */
  history: HistoryService;
  fileLists: FileListsService;
  /** A ticket's internal notes (staff only, never the customer's). */
  notes: NotesService;
  /** The company's quick replies (text). */
  quickMessages: QuickMessagesService;
  /** Pointers from the core's queues, connections and tickets to a plugin's rows (prompts, integrations). */
  links: LinksService;
  [name: string]: unknown;
}

/**
 * `sdk.services` as a plugin sees it. The services the messaging pipeline and the provider registry publish are set
 * before any plugin registers (the loader checks: `pluginServices`), so a plugin reads them without a guard or a cast.
 */
export interface PluginServices extends CoreServices {
  tickets: TicketsService;
  responderFailures: ResponderFailuresService;
  messages: MessagesService;
  /** A connection's channel templates (the provider's `templates`), whatever the channel. */
  templates: TemplatesService;
}

const STARTED_BEFORE_PLUGINS = ['tickets', 'responderFailures', 'messages', 'templates'] as const;

/** The core's services once every core domain registered; throws (naming what is missing) if one did not start. */
export function pluginServices(services: CoreServices): PluginServices {
  const missing = STARTED_BEFORE_PLUGINS.filter((name) => !services[name]);
  if (missing.length) throw new Error(`sdk.services.${missing.join(', ')} not set when plugins register: a core domain did not start`);
  return services as PluginServices;
}

/** What a caller of `emitChange` says it changed (all optional). */
export interface TicketChangeNotice {
  /** Names of what changed, e.g. `['tags']`; passed to onTicketUpdate as `changed`. */
  changed?: string[];
  /** The ticket's columns before the change (e.g. `{ botOwner: 'flow' }`): their changes are found and reported too. */
  previous?: Record<string, unknown>;
  /** The user who made the change, when a person did. */
  userId?: number;
}

export interface ResponderFailuresService {
  /** The last failure of each of the company's bots of `kind` ("prompt", "integration") among `ids`; those without one are absent. */
  last(companyId: number, kind: string, ids: number[]): Promise<Map<number, LastFailure>>;
  /** Forgets a bot's last failure: its settings were saved again (a new key), or it was removed. */
  clear(companyId: number, kind: string, id: number): Promise<void>;
}

export interface QueuesService {
  /** The company's queues among `ids` (others and missing ones left out), as { id, name }, in id order. */
  list(companyId: number, ids: number[]): Promise<Array<{ id: number; name: string }>>;
  /** The ids of the company's queues the user belongs to (userQueues), in id order. */
  idsOfUser(companyId: number, userId: number): Promise<number[]>;
}

export interface HistoryService {
  /** The newest `limit` text messages of the company's ticket up to message `upTo` (included), oldest first, as chat turns (fromMe → assistant). */
  turns(companyId: number, ticketId: number, page: { upTo: number; limit: number }): Promise<ChatTurn[]>;
  /** Whether a contact message newer than `afterId` already waits on the ticket (a burst: its own turn will answer). */
  newerInbound(companyId: number, ticketId: number, afterId: number): Promise<boolean>;
  /** One of the company's messages as text (`null`: missing, another company's, or deleted), with its ticket. */
  message(companyId: number, messageId: number): Promise<{ id: number; ticketId: number; body: string; fromMe: boolean } | null>;
  /** When the contact last wrote on the connection (ISO time, null if never): a channel's service window counts from it. */
  lastInboundAt(companyId: number, at: { whatsappId: number; contactId: number }): Promise<string | null>;
}

export interface NoteView { id: number; ticketId: number; userId: number | null; note: string; createdAt: string }

export interface NotesService {
  /** The newest `limit` notes of the company's ticket, oldest first (none for another company's ticket). */
  list(companyId: number, ticketId: number, limit: number): Promise<NoteView[]>;
  /**
   * Adds an internal note to the company's ticket (on the ticket's contact), written by `userId` or by nobody
   * (an automatic note), announced as `ticketNote` to those who may see the ticket. `null` when the ticket is not the company's.
   */
  add(companyId: number, ticketId: number, note: string, userId?: number | null): Promise<NoteView | null>;
}

export interface QuickMessageView { id: number; shortcode: string; message: string; geral: boolean; userId: number | null }

export interface QuickMessagesService {
  /**
   * A page of the company's active quick replies with a text, in id order after `afterId`: the shared ones
   * (`geral`) and, with `userId`, that user's own.
   */
  list(companyId: number, page: { afterId: number; limit: number; userId?: number }): Promise<QuickMessageView[]>;
}

export interface UsersService {
  /** The company's users among `ids` (others and missing ones left out), as { id, name }, ordered by name then id. */
  list(companyId: number, ids: number[]): Promise<Array<{ id: number; name: string }>>;
}

export interface FileListsService {
  /** Whether the company has this file list (the core's files feature). */
  exists(companyId: number, fileListId: number): Promise<boolean>;
  /** The list's files in the list's order: stored path (sdk.storage), name and media type. */
  files(companyId: number, fileListId: number): Promise<Array<{ path: string | null; name: string; mediaType: string | null }>>;
}

export interface TagView { id: number; name: string; color: string; kanban: number }

export interface TagsService {
  /** Whether the company has this tag. */
  exists(companyId: number, tagId: number): Promise<boolean>;
  /** The company's tag, or null (missing or another company's). */
  find(companyId: number, tagId: number): Promise<TagView | null>;
  /** The company's kanban tags (kanban = 1), in creation order. */
  kanbanLanes(companyId: number): Promise<TagView[]>;
}

export interface ConnectionsService {
  /**
   * The company's connection (whatsapps row) with its name, status, provider kind and what its channel can do
   * (`capabilities`: null for a kind no plugin registers now), or null (missing or another company's).
   */
  find(companyId: number, id: number): Promise<{ id: number; name: string; status: string; provider: string; capabilities: ChannelCapabilities | null } | null>;
}

export interface AudienceContact { id: number; name: string | null; number: string; email: string | null }

export interface ContactsService {
  /**
   * One page of the company's contacts (groups left out) that have a ticket carrying the tag, in id order:
   * pass the last id of a page as `afterId` for the next one (0 to start).
   */
  taggedAudience(companyId: number, tagId: number, page: { afterId: number; limit: number }): Promise<AudienceContact[]>;
}

export interface TicketTagsService {
  /**
   * Adds tags to the company's ticket (a tag already there is a no-op). Tags and tickets of another company
   * are ignored. Announces the ticket change (`company-{id}-ticket` update) unless `emit: false`, for a caller
   * that makes several changes and announces once with `sdk.services.tickets.emitChange`. Returns how many tags were the company's.
   */
  add(companyId: number, ticketId: number, tagIds: number[], options?: { emit?: boolean }): Promise<number>;
  /** Removes tags from the company's ticket; returns how many were removed (the change is announced as for add). */
  remove(companyId: number, ticketId: number, tagIds: number[], options?: { emit?: boolean }): Promise<number>;
}

export interface LinksService {
  /** A deleted integration: no queue, connection or ticket of the company names it any more (tickets stop using integrations). */
  detachIntegration(companyId: number, integrationId: number): Promise<void>;
  /** A deleted prompt: no queue, connection or ticket of the company names it any more. */
  detachPrompt(companyId: number, promptId: number): Promise<void>;
  /** Points the company's queue at a prompt; the previous queue (when it changed) stops pointing at it. */
  pointQueueAtPrompt(companyId: number, queueId: number, promptId: number, previousQueueId?: number): Promise<void>;
}

export interface TicketsService {
  /**
   * After a plugin changed a ticket (its tags, a field of its own): announces the ticket as
   * `company-{id}-ticket` `update` in the core's ticket view (queue, connection, user, tags …), to the
   * sockets whose user may see it (core §6), and runs the onTicketUpdate hook once with what `change`
   * says changed (`changed: []` when it says nothing). Never emit ticket events with `sdk.bus.emit`.
   */
  emitChange(companyId: number, ticketId: number, change?: TicketChangeNotice): Promise<void>;
  /**
   * Whether the signed-in user may see the ticket (core §6, the rule of the tickets routes: admins any,
   * users their own and those of their queues, tickets without a queue users with allTicket). Throws
   * 404 `ERR_NO_TICKET_FOUND` when the user's company has no such ticket and 403 `ERR_NO_PERMISSION`
   * when it is outside what the user sees. Check it before reading or changing a ticket for a user.
   */
  assertVisible(user: { id: number; companyId: number }, ticketId: number): Promise<void>;
  /**
   * The company's ticket in the core's ticket view (the shape GET /tickets/:id and the ticket events carry:
   * columns, contact, queue, connection, user, tags), or null when the company has no such ticket.
   */
  view(companyId: number, ticketId: number): Promise<TicketView | null>;
  /** The company's tickets matching `query` in the ticket view, most recently changed first (updatedAt, then id). */
  views(companyId: number, query: TicketViewQuery): Promise<TicketView[]>;
  /**
   * Out of a responder turn (a job of yours): hands the ticket to people as `ctx.handOff` does (pending, no bot, a note
   * for the agents with `reason`, the ticket event and onTicketUpdate), only while one of `owners` (responder ids)
   * still holds it and no person does. `queueId` (one of the company's queues; another is ignored) moves it there in
   * the same change. Resolves false when nothing changed (someone took the ticket, it closed, it is another company's).
   */
  handOff(companyId: number, ticketId: number, handOff: { owners: string[]; reason: string; queueId?: number | null }): Promise<boolean>;
  /** Out of a turn: ends the hold of `owners` on the ticket (as `ctx.release`), announced; false when none held it. */
  release(companyId: number, ticketId: number, release: { owners: string[] }): Promise<boolean>;
}

/** Which tickets `sdk.services.tickets.views` reads. */
export interface TicketViewQuery {
  /** Only these statuses (all when left out). */
  statuses?: Array<'open' | 'pending' | 'closed'>;
  /**
   * Only tickets of these queues, and with `unqueued` those without a queue too (`{ userId }`: only the
   * unqueued ones assigned to that user). Left out: every queue and none.
   */
  queues?: { ids: number[]; unqueued?: boolean | { userId: number } };
  /** At most this many (1 to 500). */
  limit: number;
}
