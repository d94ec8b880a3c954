import type { Knex } from 'knex';
import { auditedRawWrite } from '../audit/record.js';
import { Contact, FileList, FileListOption, Message, Queue, QuickMessage, Tag, Ticket, TicketNote, User, Whatsapp } from '../db/models/index.js';
import type { Bus } from '../bus/index.js';
import type { ChannelCapabilities } from '../messaging/providers/registry.js';
import { ticketViews, type TicketRow } from '../domains/tickets/view.js';
import type {
  ConnectionsService, ContactsService, FileListsService, HistoryService, LinksService, NotesService, NoteView, QueuesService, QuickMessagesService, TagsService, TagView, TicketChangeNotice, TicketsService, TicketTagsService, UsersService,
} from './services.js';

/**
 * The core's tables plugins used to read or write with raw knex, published instead as small
 * company-scoped services (sdk.services). Each one takes the company first and never reaches
 * another company's rows; the scoped models below throw without one.
 */

export function queuesService(): QueuesService {
  return {
    async list(companyId, ids) {
      if (ids.length === 0) return [];
      const rows = await Queue.scoped(companyId).whereIn('queues.id', [...new Set(ids)]).orderBy('queues.id').select('queues.id', 'queues.name');
      return rows.map((q) => ({ id: Number(q.id), name: q.name }));
    },
    async idsOfUser(companyId, userId) {
      const rows = await Queue.scoped(companyId).join('userQueues', 'userQueues.queueId', 'queues.id')
        .where({ 'userQueues.userId': userId, 'userQueues.companyId': companyId }).orderBy('queues.id').select('queues.id');
      return rows.map((q) => Number(q.id));
    },
  };
}

export function historyService(): HistoryService {
  return {
    async turns(companyId, ticketId, { upTo, limit }) {
      const rows = await Message.scoped(companyId)
        .where({ ticketId }).where('id', '<=', upTo).whereNotNull('body').whereNot('body', '')
        .orderBy('id', 'desc').limit(limit).select('id', 'body', 'fromMe');
      return rows.reverse().map((m) => ({ role: m.fromMe ? 'assistant' as const : 'user' as const, content: String(m.body) }));
    },
    async newerInbound(companyId, ticketId, afterId) {
      return !!(await Message.scoped(companyId).where({ ticketId, fromMe: false }).where('id', '>', afterId).select('id').first());
    },
    async message(companyId, messageId) {
      const row = await Message.scoped(companyId).where({ id: messageId, isDeleted: false }).select('id', 'ticketId', 'body', 'fromMe').first();
      return row ? { id: Number(row.id), ticketId: Number(row.ticketId), body: String(row.body ?? ''), fromMe: !!row.fromMe } : null;
    },
    async lastInboundAt(companyId, { whatsappId, contactId }) {
      const last = await Message.scoped(companyId).where({ contactId, whatsappId, fromMe: false }).orderBy('id', 'desc').select('createdAt').first();
      return last?.createdAt ? String(last.createdAt) : null;
    },
  };
}

const noteView = (n: TicketNote): NoteView => ({
  id: Number(n.id), ticketId: Number(n.ticketId), userId: n.userId == null ? null : Number(n.userId), note: n.note,
  createdAt: String(n.createdAt),
});

export function notesService(bus: () => Bus): NotesService {
  return {
    async list(companyId, ticketId, limit) {
      const rows = await TicketNote.scoped(companyId).where({ ticketId }).orderBy('id', 'desc').limit(limit);
      return rows.reverse().map(noteView);
    },
    async add(companyId, ticketId, note, userId = null) {
      const ticket = await Ticket.scoped(companyId).findById(ticketId).select('id', 'contactId', 'queueId', 'userId');
      if (!ticket) return null;
      const created = await TicketNote.scoped(companyId).insert({ note, ticketId, contactId: ticket.contactId, userId } as Partial<TicketNote>);
      const row = (await TicketNote.scoped(companyId).findById(created.id).withGraphFetched('user').modifyGraph('user', (b) => { b.select('id', 'name'); }))!;
      bus().emitForTicket(companyId, ticket, 'ticketNote', { action: 'create', ticketNote: row });
      return noteView(row);
    },
  };
}

export function quickMessagesService(): QuickMessagesService {
  return {
    async list(companyId, { afterId, limit, userId }) {
      const rows = await QuickMessage.scoped(companyId)
        .where('quickMessages.id', '>', afterId).where('status', 'active').whereNotNull('message').whereNot('message', '')
        .where((q) => (userId ? q.where('geral', true).orWhere('userId', userId) : q.where('geral', true)))
        .orderBy('quickMessages.id').limit(limit).select('id', 'shortcode', 'message', 'geral', 'userId');
      return rows.map((r) => ({ id: Number(r.id), shortcode: r.shortcode, message: String(r.message), geral: !!r.geral, userId: r.userId == null ? null : Number(r.userId) }));
    },
  };
}

export function usersService(): UsersService {
  return {
    async list(companyId, ids) {
      if (ids.length === 0) return [];
      const rows = await User.scoped(companyId).whereIn('users.id', [...new Set(ids)]).orderBy('users.name').orderBy('users.id').select('users.id', 'users.name');
      return rows.map((u) => ({ id: Number(u.id), name: u.name }));
    },
  };
}

const tagView = (tag: Tag): TagView => ({ id: Number(tag.id), name: tag.name, color: tag.color, kanban: Number(tag.kanban) });

export function fileListsService(): FileListsService {
  return {
    async exists(companyId, fileListId) {
      return !!(await FileList.scoped(companyId).findById(fileListId).select('fileLists.id'));
    },
    async files(companyId, fileListId) {
      const options = await FileListOption.scoped(companyId).where({ fileListId }).orderBy('id');
      return options.map((o) => ({ path: o.path ?? null, name: o.name, mediaType: o.mediaType ?? null }));
    },
  };
}

export function tagsService(): TagsService {
  return {
    async exists(companyId, tagId) {
      return !!(await Tag.scoped(companyId).findById(tagId).select('tags.id'));
    },
    async find(companyId, tagId) {
      const tag = await Tag.scoped(companyId).findById(tagId);
      return tag ? tagView(tag) : null;
    },
    async kanbanLanes(companyId) {
      return (await Tag.scoped(companyId).where('tags.kanban', 1).orderBy('tags.id')).map(tagView);
    },
  };
}

/** `capabilitiesOf` is read at call time: the provider registry is made after the services. */
export function connectionsService(capabilitiesOf: (kind: string) => ChannelCapabilities | undefined): ConnectionsService {
  return {
    async find(companyId, id) {
      const row = await Whatsapp.scoped(companyId).findById(id).select('whatsapps.id', 'whatsapps.name', 'whatsapps.status', 'whatsapps.provider');
      return row ? { id: Number(row.id), name: row.name, status: row.status, provider: row.provider, capabilities: capabilitiesOf(row.provider) ?? null } : null;
    },
  };
}

export function contactsService(): ContactsService {
  return {
    async taggedAudience(companyId, tagId, { afterId, limit }) {
      // The contacts (no groups) of the company's tickets carrying the tag, in id order for paging.
      const rows = await Contact.scoped(companyId)
        .where('contacts.isGroup', false).where('contacts.id', '>', afterId)
        .whereExists(Ticket.scoped(companyId).join('ticketTags', 'ticketTags.ticketId', 'tickets.id')
          .whereRaw('?? = ??', ['tickets.contactId', 'contacts.id']).where({ 'ticketTags.tagId': tagId, 'ticketTags.companyId': companyId }).select('tickets.id'))
        .orderBy('contacts.id').limit(limit).select('contacts.id', 'contacts.name', 'contacts.number', 'contacts.email');
      return rows.map((c) => ({ id: Number(c.id), name: c.name ?? null, number: c.number, email: c.email ?? null }));
    },
  };
}

/** Most tickets one `tickets.views` call answers: a board or a list page, never a whole company's history. */
export const TICKET_VIEWS_LIMIT = 500;

/**
 * The reading half of sdk.services.tickets (the pipeline adds the changes): the core's ticket view, read
 * as plain rows like the ticket list (no models reach the plugin, and none are built for a board of 500).
 */
export function ticketReads(): Pick<TicketsService, 'view' | 'views'> {
  return {
    async view(companyId, ticketId) {
      const [row] = await Ticket.plainRows<TicketRow>(Ticket.scoped(companyId).where('tickets.id', ticketId));
      return row ? (await ticketViews(companyId, [row]))[0] : null;
    },
    async views(companyId, { statuses, queues, limit }) {
      const q = Ticket.scoped(companyId)
        .orderBy('tickets.updatedAt', 'desc').orderBy('tickets.id', 'desc')
        .limit(Math.max(1, Math.min(Math.trunc(limit) || 1, TICKET_VIEWS_LIMIT)));
      if (statuses) q.whereIn('tickets.status', statuses.length ? statuses : ['-']);
      if (queues) {
        const { ids, unqueued } = queues;
        q.where((scope) => {
          // whereIn with no ids would match nothing anyway; `1 = 0` keeps the OR below meaningful.
          if (ids.length) scope.whereIn('tickets.queueId', ids);
          else scope.whereRaw('1 = 0');
          if (unqueued) {
            scope.orWhere((none) => {
              none.whereNull('tickets.queueId');
              if (typeof unqueued === 'object') none.where('tickets.userId', unqueued.userId);
            });
          }
        });
      }
      return ticketViews(companyId, await Ticket.plainRows<TicketRow>(q));
    },
  };
}

/** The link rows of a ticket and its tags, stamped with the company (migration 061). */
function ticketTagRows(companyId: number, ticketId: number, tagIds: number[]) {
  return tagIds.map((tagId) => ({ companyId, ticketId, tagId }));
}

export function ticketTagsService(knex: Knex, emitChange: (companyId: number, ticketId: number, change: TicketChangeNotice) => Promise<void>): TicketTagsService {
  /** The ticket and tags must be the company's; returns the tag ids that are. */
  const companyTags = async (companyId: number, ticketId: number, tagIds: number[]) => {
    if (!(await Ticket.scoped(companyId).findById(ticketId).select('tickets.id'))) return null;
    if (tagIds.length === 0) return [];
    return (await Tag.scoped(companyId).whereIn('tags.id', tagIds).select('tags.id')).map((t) => Number(t.id));
  };
  return {
    async add(companyId, ticketId, tagIds, { emit = true } = {}) {
      const ids = await companyTags(companyId, ticketId, tagIds);
      if (!ids) return 0;
      if (ids.length) {
        await auditedRawWrite(knex, (trx) => trx('ticketTags').insert(ticketTagRows(companyId, ticketId, ids)).onConflict(['ticketId', 'tagId']).ignore(),
          () => [{ companyId, action: 'update', entity: 'ticketTags', entityId: ticketId, changes: { tagIds: { after: ids } } }]);
      }
      if (emit && ids.length) await emitChange(companyId, ticketId, { changed: ['tags'] });
      return ids.length;
    },
    async remove(companyId, ticketId, tagIds, { emit = true } = {}) {
      const ids = await companyTags(companyId, ticketId, tagIds);
      if (!ids?.length) return 0;
      const removed = await auditedRawWrite(knex, (trx) => trx('ticketTags').where({ companyId, ticketId }).whereIn('tagId', ids).delete(),
        (count) => (count ? [{ companyId, action: 'update', entity: 'ticketTags', entityId: ticketId, changes: { tagIds: { before: ids } } }] : []));
      if (emit && removed) await emitChange(companyId, ticketId, { changed: ['tags'] });
      return removed;
    },
  };
}

/**
 * Pointers a plugin's configuration leaves in the core's rows (queues/whatsapps/tickets.integrationId and
 * promptId). Raw UPDATEs filtered by companyId, as the plugins wrote them: no updatedAt bump, so clearing a
 * deleted prompt does not reorder the company's tickets.
 */
export function linksService(knex: Knex): LinksService {
  const clear = async (companyId: number, column: 'integrationId' | 'promptId', id: number, extra: Record<string, unknown> = {}) => {
    await knex.transaction(async (trx) => {
      await trx('queues').where({ companyId, [column]: id }).update({ [column]: null });
      await trx('whatsapps').where({ companyId, [column]: id }).update({ [column]: null });
      await trx('tickets').where({ companyId, [column]: id }).update({ [column]: null, ...extra });
    });
  };
  return {
    detachIntegration: (companyId, integrationId) => clear(companyId, 'integrationId', integrationId, { useIntegration: false }),
    detachPrompt: (companyId, promptId) => clear(companyId, 'promptId', promptId),
    async pointQueueAtPrompt(companyId, queueId, promptId, previousQueueId) {
      if (previousQueueId && previousQueueId !== queueId) {
        await knex('queues').where({ companyId, id: previousQueueId, promptId }).update({ promptId: null });
      }
      await knex('queues').where({ companyId, id: queueId }).update({ promptId });
    },
  };
}
