import t from "tap";
import { build } from "../helper.js";
process.env.TZ = "America/Sao_Paulo";
const HOURS_BY_DAY = {
  monday: { startTime: "09:00", endTime: "17:00" },
  tuesday: { startTime: "09:00", endTime: "17:00" },
  wednesday: { startTime: "09:00", endTime: "17:00" },
  thursday: { startTime: "09:00", endTime: "17:00" },
  friday: { startTime: "09:00", endTime: "16:00" },
  saturday: { startTime: "10:00", endTime: "12:00" },
  sunday: { startTime: "00:00", endTime: "00:00" }
};
t.test('opening hours: {} is "not given", the object form is the weekday array', async (t2) => {
  const { request, token } = await build(t2);
  const untouched = await request("POST", "/api/queue", { token, body: { name: "Support", color: "#00ff00", schedules: {} } });
  t2.equal(untouched.status, 200, "a queue whose hours tab was never opened saves");
  t2.same(untouched.body.schedules.map((s) => s.weekdayEn), ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"], "with the default hours");
  const keyed = await request("POST", "/api/queue", { token, body: { name: "Sales", color: "#ff0000", schedules: HOURS_BY_DAY } });
  t2.equal(keyed.status, 200);
  t2.same(keyed.body.schedules[4], { weekday: "Sexta-feira", weekdayEn: "friday", startTime: "09:00", endTime: "16:00" }, "keyed by weekday: the entry gets its names");
  const kept = await request("PUT", `/api/queue/${keyed.body.id}`, { token, body: { name: "Sales 2", schedules: {} } });
  t2.same([kept.status, kept.body.name, kept.body.schedules], [200, "Sales 2", keyed.body.schedules], "a save with {} keeps the stored hours");
  const before = await request("GET", "/api/companies/1", { token });
  const same = await request("PUT", "/api/companies/1/schedules", { token, body: { schedules: {} } });
  t2.same([same.status, same.body.schedules], [200, before.body.schedules], "company hours: {} keeps them");
  const byPosition = Object.fromEntries(Object.values(HOURS_BY_DAY).map((h, i) => [String(i), h]));
  const set = await request("PUT", "/api/companies/1/schedules", { token, body: { schedules: byPosition } });
  t2.equal(set.status, 200, 'an array a form turned into an object ("0".."6") is taken');
  t2.same(set.body.schedules[0], { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "09:00", endTime: "17:00" });
  const short = await request("PUT", "/api/companies/1/schedules", { token, body: { schedules: { monday: HOURS_BY_DAY.monday } } });
  t2.same([short.status, short.body.error], [400, "ERR_VALIDATION"], "company hours given name every weekday");
  const bad = await request("POST", "/api/queue", { token, body: { name: "Bad", color: "#0000ff", schedules: { monday: { startTime: "25:00", endTime: "17:00" } } } });
  t2.same([bad.status, bad.body.error], [400, "ERR_VALIDATION"], "the object form is validated like the array");
});
t.test('PUT /users/:id with password "" keeps the password', async (t2) => {
  const { request, token, login, createUser } = await build(t2);
  const user = await createUser(1, { email: "agent@atrium.test", password: "Agent-pass-1" });
  const saved = await request("PUT", `/api/users/${user.id}`, { token, body: { name: "Agent Renamed", email: "agent@atrium.test", password: "", profile: "user" } });
  t2.same([saved.status, saved.body.name], [200, "Agent Renamed"]);
  const fresh = await login("agent@atrium.test", "Agent-pass-1");
  t2.ok(fresh, "the old password still signs in");
  const self = await request("PUT", `/api/users/${user.id}`, { token: fresh, body: { name: "Agent Self", password: "", currentPassword: "" } });
  t2.equal(self.status, 200, "on oneself too, without the current password");
  const short = await request("PUT", `/api/users/${user.id}`, { token, body: { password: "abc" } });
  t2.equal(short.status, 400, "a short password that is not empty is still refused");
});
t.test("date-times without seconds or zone are the company's local time", async (t2) => {
  const { request, token } = await build(t2);
  const contact = await request("POST", "/api/contacts", { token, body: { name: "Ana", number: "5511988880000" } });
  const made = await request("POST", "/api/schedules", { token, body: { body: "Hello there", contactId: contact.body.id, sendAt: "2099-01-02T09:30" } });
  t2.same([made.status, made.body.sendAt], [200, "2099-01-02T12:30:00.000Z"], "YYYY-MM-DDTHH:mm at 09:30 in S\xE3o Paulo");
  const moved = await request("PUT", `/api/schedules/${made.body.id}`, { token, body: { sendAt: "2099-01-03 08:00:15" } });
  t2.same([moved.status, moved.body.sendAt], [200, "2099-01-03T11:00:15.000Z"], "YYYY-MM-DD HH:mm:ss");
  const zoned = await request("PUT", `/api/schedules/${made.body.id}`, { token, body: { sendAt: "2099-01-03T08:00:00Z" } });
  t2.equal(zoned.body.sendAt, "2099-01-03T08:00:00.000Z", "ISO with a zone is taken as it says");
  const junk = await request("PUT", `/api/schedules/${made.body.id}`, { token, body: { sendAt: "2099-13-45 99:99" } });
  t2.equal(junk.status, 400, "a form that is no date is refused");
  const feb30 = await request("PUT", `/api/schedules/${made.body.id}`, { token, body: { sendAt: "2099-02-30 10:00" } });
  t2.same([feb30.status, feb30.body.field], [400, "body/sendAt"], "a day the month lacks is refused, not moved to March");
  const connection = (await request("GET", "/api/whatsapp", { token })).body[0];
  const list = await request("POST", "/api/contact-lists", { token, body: { name: "Audience" } });
  const campaign = await request("POST", "/api/campaigns", { token, body: { name: "Promo", message1: "Hi", whatsappId: connection.id, contactListId: list.body.id } });
  t2.equal(campaign.status, 200);
  const scheduled = await request("PUT", `/api/campaigns/${campaign.body.id}`, { token, body: { ...campaign.body, scheduledAt: "2099-02-01 10:00:00" } });
  t2.same([scheduled.status, scheduled.body.scheduledAt], [200, "2099-02-01T13:00:00.000Z"], "a campaign scheduled as YYYY-MM-DD HH:mm:ss");
});
t.test("reads the family's client makes", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  const other = await createTenant("Other Co");
  await request("PUT", "/api/settings/userRating", { token: other.admin.token, body: { value: "enabled" } });
  const all = (await request("GET", "/api/settings", { token })).body;
  const one = await request("GET", "/api/settings/userRating", { token });
  t2.same([one.status, one.body], [200, all.find((s) => s.key === "userRating")], "GET /settings/:key answers the value the list shows");
  t2.not(one.body.value, "enabled", "the caller's company's value, not another company's");
  const missing = await request("GET", "/api/settings/noSuchKey", { token });
  t2.same([missing.status, missing.body.error], [404, "ERR_NO_SETTING_FOUND"]);
  const plans = await request("GET", "/api/plans/listpublic");
  t2.same([plans.status, plans.body], [200, (await request("GET", "/api/plans/list")).body], "/plans/listpublic is the public plan list, not /plans/:id");
  const companies = await request("GET", "/api/companies/list", { token });
  const row = companies.body.find((c) => c.id === other.companyId);
  t2.same(row.settings.find((s) => s.key === "userRating"), { key: "userRating", value: "enabled" }, "GET /companies/list rows carry their settings");
  const connection = (await request("GET", "/api/whatsapp", { token })).body[0];
  const list = await request("POST", "/api/contact-lists", { token, body: { name: "Audience" } });
  const campaign = await request("POST", "/api/campaigns", { token, body: { name: "Promo", message1: "Hi", whatsappId: connection.id, contactListId: list.body.id } });
  const read = await request("GET", `/api/campaigns/${campaign.body.id}`, { token });
  t2.match(read.body, { id: campaign.body.id, valids: 0, delivered: 0, confirmationRequested: 0, confirmed: 0 }, "GET /campaigns/:id carries its counts");
  const rows = await request("GET", "/api/campaigns", { token });
  t2.equal(rows.body.records[0].confirmation, false, "list rows say whether the campaign asks for confirmation");
});
t.test("POST /tags/sync with contactId tags the contact", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  const contact = await request("POST", "/api/contacts", { token, body: { name: "Ana", number: "5511988880000" } });
  const vip = await request("POST", "/api/tags", { token, body: { name: "VIP", color: "#ff0000" } });
  const lead = await request("POST", "/api/tags", { token, body: { name: "Lead", color: "#00ff00" } });
  const synced = await request("POST", "/api/tags/sync", { token, body: { contactId: contact.body.id, tags: [vip.body, lead.body] } });
  t2.same([synced.status, synced.body.contactId, synced.body.tags.map((x) => x.name)], [200, contact.body.id, ["Lead", "VIP"]]);
  const read = await request("GET", `/api/contacts/${contact.body.id}`, { token });
  t2.same(read.body.tags.map((x) => x.name), ["Lead", "VIP"], "the contact reads with its tags");
  await request("POST", "/api/tags/sync", { token, body: { contactId: contact.body.id, tags: [{ id: vip.body.id }] } });
  t2.same((await request("GET", `/api/contacts/${contact.body.id}`, { token })).body.tags.map((x) => x.name), ["VIP"], "a sync replaces the set");
  const other = await createTenant("Other Co");
  const theirs = await request("POST", "/api/tags/sync", { token: other.admin.token, body: { contactId: contact.body.id, tags: [] } });
  t2.same([theirs.status, theirs.body.error], [404, "ERR_NO_CONTACT_FOUND"], "another company's contact is not found");
  const theirTag = await request("POST", "/api/tags", { token: other.admin.token, body: { name: "Theirs", color: "#0000ff" } });
  const foreign = await request("POST", "/api/tags/sync", { token, body: { contactId: contact.body.id, tags: [{ id: theirTag.body.id }] } });
  t2.same([foreign.status, foreign.body.error], [404, "ERR_NO_TAG_FOUND"], "another company's tag is not found");
  const neither = await request("POST", "/api/tags/sync", { token, body: { tags: [] } });
  t2.same([neither.status, neither.body.error], [400, "ERR_VALIDATION"], "a ticket or a contact is named");
});
