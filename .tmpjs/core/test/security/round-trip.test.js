import t from "tap";
import { apiRoutes, buildWithFixturePlugins, fillUrl, sample } from "./routes.js";
const UNKNOWN = { roundTripUnknownA: "from another client", roundTripUnknownB: { nested: [1, 2] } };
const VOLATILE = ["updatedAt"];
const VOLATILE_IN = {
  "/api/whatsapp": ["status", "qrcode", "retries", "number"],
  "/api/contact-list-items": ["isWhatsappValid"]
};
function resources(routes) {
  const find = (method, url) => routes.find((r) => r.method === method && r.url === url);
  const out = [];
  for (const save of routes.filter((r) => r.method === "PUT" && /\/:\w+$/.test(r.url) && r.params.length === 1)) {
    const base = save.url.replace(/\/:\w+$/, "");
    const create = find("POST", base);
    const read = find("GET", save.url);
    if (create?.schema.body && read) out.push({ base, create, read, save });
  }
  return out;
}
t.test("every resource takes back what it answered, plus fields it does not know", async (t2) => {
  const { app, request, token, createUser } = await buildWithFixturePlugins(t2);
  const all = resources(apiRoutes(app));
  const queue = await request("POST", "/api/queue", { token, body: { name: "Round trip queue", color: "#336699" } });
  const contact = await request("POST", "/api/contacts", { token, body: { name: "Round trip contact", number: "5511988880000" } });
  const fileList = await request("POST", "/api/files", { token, body: { name: "Round trip list", message: "Hello" } });
  const contactList = await request("POST", "/api/contact-lists", { token, body: { name: "Round trip audience" } });
  const member = await createUser(1);
  t2.same([queue.status, contact.status, fileList.status, contactList.status], [200, 200, 200, 200], "the referenced rows exist");
  const values = {
    queueId: queue.body.id,
    queueIds: [queue.body.id],
    contactId: contact.body.id,
    fileListId: fileList.body.id,
    contactListId: contactList.body.id,
    promptId: null,
    integrationId: null,
    parentId: null,
    tagId: null,
    tagListId: null,
    flowId: null,
    jsonContent: '{"type":"service_account"}',
    options: [],
    users: [{ id: member.id }],
    number: "5511977770000",
    phone: "11966660000",
    webhookSecret: "a-secret-of-sixteen-chars",
    // In the future: a schedule or campaign due now would be sent, and a sent one cannot be changed.
    sendAt: "2099-01-01T09:00:00.000Z",
    scheduledAt: "2099-01-01T09:00:00.000Z",
    // A campaign's Cloud API template needs a Cloud connection (the sampled one is the sandbox).
    template: null
  };
  const failures = [];
  const walked = [];
  let n = 0;
  for (const { base, create, read, save } of all) {
    n += 1;
    const body = { ...sample(create.schema.body, { id: 1, text: `Round trip ${n}`, values, fitPatterns: true }), ...UNKNOWN };
    const created = await request("POST", base, { token, body });
    const id = created.body?.id;
    if (created.status >= 300 || id === void 0) {
      failures.push(`POST ${base} (sample plus unknown fields) \u2192 ${created.status} ${JSON.stringify(created.body).slice(0, 200)}`);
      continue;
    }
    const url = fillUrl(read.url, () => String(id));
    const before = await request("GET", url, { token });
    if (before.status !== 200) {
      failures.push(`GET ${read.url} after create \u2192 ${before.status} ${JSON.stringify(before.body).slice(0, 200)}`);
      continue;
    }
    const saved = await request("PUT", fillUrl(save.url, () => String(id)), { token, body: { ...before.body, ...UNKNOWN } });
    if (saved.status >= 300) {
      failures.push(`PUT ${save.url} (the GET answer plus unknown fields) \u2192 ${saved.status} ${JSON.stringify(saved.body).slice(0, 200)}`);
      continue;
    }
    const after = await request("GET", url, { token });
    const changed = Object.keys({ ...before.body, ...after.body }).filter((k) => ![...VOLATILE, ...VOLATILE_IN[base] ?? []].includes(k) && JSON.stringify(before.body[k]) !== JSON.stringify(after.body[k]));
    if (changed.length) {
      failures.push(`PUT ${save.url} changed ${changed.map((k) => `${k}: ${JSON.stringify(before.body[k])} \u2192 ${JSON.stringify(after.body[k])}`).join(", ").slice(0, 400)}`);
      continue;
    }
    walked.push(base);
  }
  t2.comment(`walked: ${walked.join(" ")}`);
  for (const base of ["/api/announcements", "/api/plans", "/api/companies", "/api/users", "/api/queue"]) t2.ok(all.some((r) => r.base === base), `${base} is in the walk`);
  t2.ok(all.some((r) => apiRoutes(app).some((a) => a.url === r.save.url && a.pluginId)), "a plugin resource is in the walk");
  t2.same(failures, [], "every resource saved what it answered");
});
