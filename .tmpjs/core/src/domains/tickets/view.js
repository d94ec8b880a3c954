import { Contact, Queue, Tag, User, Whatsapp } from "../../db/models/index.js";
import { cachedDisplayNames, freshDisplayNames } from "../../db/display-names.js";
import { protocolOf } from "../../messaging/templates.js";
const uniq = (ids) => [...new Set(ids.filter((id) => typeof id === "number"))];
const displayNames = (companyId) => cachedDisplayNames(companyId, async () => {
  const [whatsapps, queues, users] = await Promise.all([
    Whatsapp.plainRows(Whatsapp.scoped(companyId).select("id", "name")),
    Queue.plainRows(Queue.scoped(companyId).select("id", "name", "color")),
    User.plainRows(User.scoped(companyId).select("id", "name"))
  ]);
  const byId = (rows) => new Map(rows.map((r) => [r.id, r]));
  return { whatsapps: byId(whatsapps), queues: byId(queues), users: byId(users) };
});
async function ticketViews(companyId, tickets, known = {}) {
  if (tickets.length === 0) return [];
  const need = (have, ids) => {
    const found = new Map((have ?? []).map((r) => [r.id, r]));
    return { found, missing: ids.filter((id) => !found.has(id)) };
  };
  const namesFrom = (names) => ({
    whatsapps: need([...known.whatsapps ?? [], ...names?.whatsapps.values() ?? []], uniq(tickets.map((t) => t.whatsappId))),
    queues: need([...known.queues ?? [], ...names?.queues.values() ?? []], uniq(tickets.map((t) => t.queueId))),
    users: need([...names?.users.values() ?? []], uniq(tickets.map((t) => t.userId)))
  });
  let named = namesFrom(freshDisplayNames(companyId));
  if ([named.whatsapps, named.queues, named.users].filter((r) => r.missing.length > 0).length >= 2) named = namesFrom(await displayNames(companyId));
  const { whatsapps, queues, users } = named;
  const contacts = need(known.contacts, uniq(tickets.map((t) => t.contactId)));
  const tagsKnown = known.tags ?? /* @__PURE__ */ new Map();
  const ticketIds = tickets.map((t) => t.id).filter((id) => !tagsKnown.has(id));
  const none = Promise.resolve([]);
  const [contactRows, whatsappRows, queueRows, userRows, tagRows] = await Promise.all([
    contacts.missing.length ? Contact.plainRows(Contact.scoped(companyId).whereIn("id", contacts.missing)) : none,
    whatsapps.missing.length ? Whatsapp.plainRows(Whatsapp.scoped(companyId).whereIn("id", whatsapps.missing).select("id", "name")) : none,
    queues.missing.length ? Queue.plainRows(Queue.scoped(companyId).whereIn("id", queues.missing).select("id", "name", "color")) : none,
    users.missing.length ? User.plainRows(User.scoped(companyId).whereIn("id", users.missing).select("id", "name")) : none,
    !ticketIds.length ? none : Tag.plainRows(Tag.scoped(companyId).join("ticketTags", "ticketTags.tagId", "tags.id").where("ticketTags.companyId", companyId).whereIn("ticketTags.ticketId", ticketIds).select("tags.id", "tags.name", "tags.color", "ticketTags.ticketId"))
  ]);
  for (const r of contactRows) contacts.found.set(r.id, r);
  for (const r of whatsappRows) whatsapps.found.set(r.id, r);
  for (const r of queueRows) queues.found.set(r.id, r);
  for (const r of userRows) users.found.set(r.id, r);
  const tagsOf = new Map(
    [...tagsKnown].map(([id, tags]) => [id, tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color }))])
  );
  for (const tag of tagRows) {
    const list = tagsOf.get(Number(tag.ticketId)) ?? [];
    list.push({ id: tag.id, name: tag.name, color: tag.color });
    tagsOf.set(Number(tag.ticketId), list);
  }
  return tickets.map((t) => {
    const json = "toJSON" in t && typeof t.toJSON === "function" ? t.toJSON() : t;
    const contact = contacts.found.get(t.contactId);
    const queue = t.queueId ? queues.found.get(t.queueId) : void 0;
    const whatsapp = t.whatsappId ? whatsapps.found.get(t.whatsappId) : void 0;
    const user = t.userId ? users.found.get(t.userId) : void 0;
    return {
      ...json,
      protocol: protocolOf(t),
      contact: contact ? "toJSON" in contact && typeof contact.toJSON === "function" ? contact.toJSON() : contact : null,
      queue: queue ? { id: queue.id, name: queue.name, color: queue.color } : null,
      whatsapp: whatsapp ? { id: whatsapp.id, name: whatsapp.name } : null,
      user: user ? { id: user.id, name: user.name } : null,
      tags: tagsOf.get(t.id) ?? []
    };
  });
}
async function ticketView(companyId, ticket, known = {}) {
  return (await ticketViews(companyId, [ticket], known))[0];
}
export {
  ticketView,
  ticketViews
};
