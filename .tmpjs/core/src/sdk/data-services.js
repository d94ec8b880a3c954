import { auditedRawWrite } from "../audit/record.js";
import { Contact, FileList, FileListOption, Message, Queue, Tag, Ticket, User, Whatsapp } from "../db/models/index.js";
import { ticketViews } from "../domains/tickets/view.js";
function queuesService() {
  return {
    async list(companyId, ids) {
      if (ids.length === 0) return [];
      const rows = await Queue.scoped(companyId).whereIn("queues.id", [...new Set(ids)]).orderBy("queues.id").select("queues.id", "queues.name");
      return rows.map((q) => ({ id: Number(q.id), name: q.name }));
    },
    async idsOfUser(companyId, userId) {
      const rows = await Queue.scoped(companyId).join("userQueues", "userQueues.queueId", "queues.id").where({ "userQueues.userId": userId, "userQueues.companyId": companyId }).orderBy("queues.id").select("queues.id");
      return rows.map((q) => Number(q.id));
    }
  };
}
function historyService() {
  return {
    async turns(companyId, ticketId, { upTo, limit }) {
      const rows = await Message.scoped(companyId).where({ ticketId }).where("id", "<=", upTo).whereNotNull("body").whereNot("body", "").orderBy("id", "desc").limit(limit).select("id", "body", "fromMe");
      return rows.reverse().map((m) => ({ role: m.fromMe ? "assistant" : "user", content: String(m.body) }));
    },
    async newerInbound(companyId, ticketId, afterId) {
      return !!await Message.scoped(companyId).where({ ticketId, fromMe: false }).where("id", ">", afterId).select("id").first();
    }
  };
}
function usersService() {
  return {
    async list(companyId, ids) {
      if (ids.length === 0) return [];
      const rows = await User.scoped(companyId).whereIn("users.id", [...new Set(ids)]).orderBy("users.name").orderBy("users.id").select("users.id", "users.name");
      return rows.map((u) => ({ id: Number(u.id), name: u.name }));
    }
  };
}
const tagView = (tag) => ({ id: Number(tag.id), name: tag.name, color: tag.color, kanban: Number(tag.kanban) });
function fileListsService() {
  return {
    async exists(companyId, fileListId) {
      return !!await FileList.scoped(companyId).findById(fileListId).select("fileLists.id");
    },
    async files(companyId, fileListId) {
      const options = await FileListOption.scoped(companyId).where({ fileListId }).orderBy("id");
      return options.map((o) => ({ path: o.path ?? null, name: o.name, mediaType: o.mediaType ?? null }));
    }
  };
}
function tagsService() {
  return {
    async exists(companyId, tagId) {
      return !!await Tag.scoped(companyId).findById(tagId).select("tags.id");
    },
    async find(companyId, tagId) {
      const tag = await Tag.scoped(companyId).findById(tagId);
      return tag ? tagView(tag) : null;
    },
    async kanbanLanes(companyId) {
      return (await Tag.scoped(companyId).where("tags.kanban", 1).orderBy("tags.id")).map(tagView);
    }
  };
}
function connectionsService() {
  return {
    async find(companyId, id) {
      const row = await Whatsapp.scoped(companyId).findById(id).select("whatsapps.id", "whatsapps.name", "whatsapps.status");
      return row ? { id: Number(row.id), name: row.name, status: row.status } : null;
    }
  };
}
function contactsService() {
  return {
    async taggedAudience(companyId, tagId, { afterId, limit }) {
      const rows = await Contact.scoped(companyId).where("contacts.isGroup", false).where("contacts.id", ">", afterId).whereExists(Ticket.scoped(companyId).join("ticketTags", "ticketTags.ticketId", "tickets.id").whereRaw("?? = ??", ["tickets.contactId", "contacts.id"]).where({ "ticketTags.tagId": tagId, "ticketTags.companyId": companyId }).select("tickets.id")).orderBy("contacts.id").limit(limit).select("contacts.id", "contacts.name", "contacts.number", "contacts.email");
      return rows.map((c) => ({ id: Number(c.id), name: c.name ?? null, number: c.number, email: c.email ?? null }));
    }
  };
}
const TICKET_VIEWS_LIMIT = 500;
function ticketReads() {
  return {
    async view(companyId, ticketId) {
      const [row] = await Ticket.plainRows(Ticket.scoped(companyId).where("tickets.id", ticketId));
      return row ? (await ticketViews(companyId, [row]))[0] : null;
    },
    async views(companyId, { statuses, queues, limit }) {
      const q = Ticket.scoped(companyId).orderBy("tickets.updatedAt", "desc").orderBy("tickets.id", "desc").limit(Math.max(1, Math.min(Math.trunc(limit) || 1, TICKET_VIEWS_LIMIT)));
      if (statuses) q.whereIn("tickets.status", statuses.length ? statuses : ["-"]);
      if (queues) {
        const { ids, unqueued } = queues;
        q.where((scope) => {
          if (ids.length) scope.whereIn("tickets.queueId", ids);
          else scope.whereRaw("1 = 0");
          if (unqueued) {
            scope.orWhere((none) => {
              none.whereNull("tickets.queueId");
              if (typeof unqueued === "object") none.where("tickets.userId", unqueued.userId);
            });
          }
        });
      }
      return ticketViews(companyId, await Ticket.plainRows(q));
    }
  };
}
function ticketTagRows(companyId, ticketId, tagIds) {
  return tagIds.map((tagId) => ({ companyId, ticketId, tagId }));
}
function ticketTagsService(knex, emitChange) {
  const companyTags = async (companyId, ticketId, tagIds) => {
    if (!await Ticket.scoped(companyId).findById(ticketId).select("tickets.id")) return null;
    if (tagIds.length === 0) return [];
    return (await Tag.scoped(companyId).whereIn("tags.id", tagIds).select("tags.id")).map((t) => Number(t.id));
  };
  return {
    async add(companyId, ticketId, tagIds, { emit = true } = {}) {
      const ids = await companyTags(companyId, ticketId, tagIds);
      if (!ids) return 0;
      if (ids.length) {
        await auditedRawWrite(
          knex,
          (trx) => trx("ticketTags").insert(ticketTagRows(companyId, ticketId, ids)).onConflict(["ticketId", "tagId"]).ignore(),
          () => [{ companyId, action: "update", entity: "ticketTags", entityId: ticketId, changes: { tagIds: { after: ids } } }]
        );
      }
      if (emit && ids.length) await emitChange(companyId, ticketId, { changed: ["tags"] });
      return ids.length;
    },
    async remove(companyId, ticketId, tagIds, { emit = true } = {}) {
      const ids = await companyTags(companyId, ticketId, tagIds);
      if (!ids?.length) return 0;
      const removed = await auditedRawWrite(
        knex,
        (trx) => trx("ticketTags").where({ companyId, ticketId }).whereIn("tagId", ids).delete(),
        (count) => count ? [{ companyId, action: "update", entity: "ticketTags", entityId: ticketId, changes: { tagIds: { before: ids } } }] : []
      );
      if (emit && removed) await emitChange(companyId, ticketId, { changed: ["tags"] });
      return removed;
    }
  };
}
function linksService(knex) {
  const clear = async (companyId, column, id, extra = {}) => {
    await knex.transaction(async (trx) => {
      await trx("queues").where({ companyId, [column]: id }).update({ [column]: null });
      await trx("whatsapps").where({ companyId, [column]: id }).update({ [column]: null });
      await trx("tickets").where({ companyId, [column]: id }).update({ [column]: null, ...extra });
    });
  };
  return {
    detachIntegration: (companyId, integrationId) => clear(companyId, "integrationId", integrationId, { useIntegration: false }),
    detachPrompt: (companyId, promptId) => clear(companyId, "promptId", promptId),
    async pointQueueAtPrompt(companyId, queueId, promptId, previousQueueId) {
      if (previousQueueId && previousQueueId !== queueId) {
        await knex("queues").where({ companyId, id: previousQueueId, promptId }).update({ promptId: null });
      }
      await knex("queues").where({ companyId, id: queueId }).update({ promptId });
    }
  };
}
export {
  TICKET_VIEWS_LIMIT,
  connectionsService,
  contactsService,
  fileListsService,
  historyService,
  linksService,
  queuesService,
  tagsService,
  ticketReads,
  ticketTagsService,
  usersService
};
