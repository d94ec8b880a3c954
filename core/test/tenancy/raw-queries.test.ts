import t from 'tap';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Raw knex on a tenant table skips the scope guard (`Model.scoped(companyId)` throws without a company;
 * `knex('tickets')` does not). Every such query in core/src, plugins/<id>/src and the kit's examples is listed below with
 * why it is safe; a new one fails this test until it goes through a scoped model or is added here
 * with its reason. An entry no longer found fails too, so the list stays true.
 *
 * What counts as a tenant table: one whose migration gives it a `companyId`, or that references such a
 * table (link tables such as ticketTags, userQueues), plus messages_fts (the messages' search index).
 * What the scan sees: `<…knex|trx>('<table>')` and `<…knex|trx>.from|table|into('<table>')`, the same on a receiver
 * named db, tx, conn or connection (`this.db('<table>')`, `db.from('<table>')`), a one-argument `.table('<table>')`;
 * raw SQL on any receiver (`raw`, `whereRaw`, `joinRaw`, `fromRaw`… of knex, a builder, `sdk.db`, `this.db`): the
 * tables its text names after FROM, JOIN, INTO or UPDATE (a `${'<table>'}` too) and a `??` binding's
 * `['<table>'`; and a plugin's `sdk.db.unscoped('<table>')`. SQL built in a variable and passed by name is not seen.
 *
 * Plugins get no raw knex: their tables go through `sdk.db.table(name, companyId)`, the core's through
 * `sdk.services` (core/src/sdk). The last tests fail on a plugin reaching for knex, objection or the core's
 * models (sdk.models is gone).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const ALLOWED: Record<string, Record<string, string>> = {
  'core/src/db/search.ts': {
    messages: 'the message search index walk: the caller passes companyId and every query filters messages.companyId (core/test/tickets/search.test.ts checks another company never matches)',
    messages_fts: 'the SQLite full-text index has no companyId; its rows are joined back to messages filtered by companyId',
  },
  'core/src/domains/assignment/service.ts': {
    assignmentTurns: "the company's assignment lock row: every UPDATE / INSERT / read filters companyId (the ticket's company)",
    ticketCounts: "the agents' loads for automatic assignment: SUM filtered by companyId and user ids first read with User.scoped(companyId)",
  },
  'core/src/domains/contacts/merge.ts': {
    contactTags: 'merging two contacts: link rows read, deleted and moved by companyId and the ids of two contacts first loaded with Contact.scoped(companyId)',
  },
  'core/src/domains/contacts/sheet-import.ts': {
    contacts: 'bulk import: multi-row INSERT ... with companyId stamped on every row, then a read filtered by companyId',
  },
  'core/src/domains/dashboard/routes.ts': {
    tickets: 'aggregates (COUNT, AVG) objection cannot express; the helper `tickets(companyId)` always filters tickets.companyId',
    contacts: 'a COUNT filtered by companyId',
  },
  'core/src/domains/dashboard/service-figures.ts': {
    serviceFigures: "the period figures' daily rollup: built, deleted and summed by companyId (the caller's company), never across companies (core/test/assignment/service-figures.test.ts)",
    serviceFigureDays: 'the marks of built days: written and read by companyId and day',
  },
  'core/src/domains/dashboard/service-desk.ts': {
    ticketCounts: "the supervisor's live counts per queue and agent: SUMs filtered by companyId (and the company's queue when one is chosen)",
    userQueues: "the agents of the chosen queue: an EXISTS correlated to users read with User.scoped(companyId), for a queue first found with Queue.scoped(companyId)",
  },
  'core/src/domains/tickets/list.ts': {
    tickets: "an index hint in the FROM of the list's own Ticket.scoped(companyId) query (MariaDB: a status list not offered migration 125's index); the company filter is scoped's",
  },
  'core/src/domains/tags/routes.ts': {
    ticketTags: 'link table: rows carry companyId (stamped on insert, filtered on delete), for a ticket and tags first loaded through Ticket/Tag.scoped(companyId)',
    contactTags: 'link table: rows carry companyId (stamped on insert, filtered on delete), for a contact and tags first loaded through Contact/Tag.scoped(companyId)',
  },
  'core/src/audit/erase.ts': {
    auditLogs: "blanks an erased contact's values in the audit log: every statement filters by the erased contact's companyId",
  },
  'core/src/audit/record.ts': {
    auditLogs: 'appends the audit entries of a change: every row is stamped with the company whose data changed (the model hooks and sdk.db pass it); never read here',
  },
  'core/src/domains/users/service.ts': {
    userQueues: 'link table: rows carry companyId (stamped on insert, filtered on delete), for a user and queues first checked with User/Queue.scoped(companyId)',
  },
  'core/src/domains/whatsapp/service.ts': {
    whatsappQueues: 'link table: rows carry companyId (stamped on insert, filtered on delete), for a connection and queues first checked with Whatsapp/Queue.scoped(companyId)',
  },
  'core/src/messaging/group-commit.ts': {
    contacts: 'the inbound group commit: multi-row INSERT with companyId stamped on every row (one transaction for a burst)',
    messages: 'the inbound group commit: multi-row INSERT, companyId stamped on every row',
    tickets: 'the inbound group commit: INSERT / UPDATE filtered by companyId and the connection\'s id',
    ticketTags: "the live tickets' tags read with them and counted in the UPDATE's guard: both filter ticketTags.companyId by the batch's company",
  },
  'core/src/messaging/providers/baileys-auth.ts': {
    providerAuthKeys: 'provider session keys addressed by the connection id the session belongs to (never from a request)',
  },
  'core/src/messaging/responders/chain.ts': {
    tickets: 'the responder chain\'s cursor and lock columns (internal, not in the model): conditional UPDATEs by ticket id and companyId, or by the lock token; the reconciler\'s read of every company\'s tickets waiting for a turn, each enqueued with its own companyId',
    messages: 'the NOT EXISTS inside the turn\'s UPDATE of one ticket (filtered by id and companyId): only that ticket\'s messages, by ticketId',
  },
  'core/src/messaging/responders/failures.ts': {
    responderFailures: "the core's own table of bots' last failures: every read, write and delete filters companyId (the responder's company, or the plugin service's caller's)",
  },
  'core/src/privacy/erase.ts': {
    contactTags: 'erasing a contact: its link rows deleted by companyId and the id of a contact first loaded with Contact.scoped(companyId)',
  },
  'core/src/privacy/retention.ts': {
    tickets: "clearing the last-message preview of a company's expired tickets: filtered by companyId, for ticket ids of messages first read with Message.scoped(companyId) (no updatedAt bump, so no reordering)",
  },
  'core/src/jobs/plugin-jobs.ts': {
    parkedJobs: 'the core\'s own table of parked plugin jobs: rows are written from a job\'s data (its companyId) and read back by company, never from a request',
  },
  'core/src/domains/billing/payment.ts': {
    invoices: "the guarded open → paid UPDATE by the id of an invoice first loaded (its company is the invoice's), in the transaction that moves that company's due date",
  },
  'core/src/sdk/data-services.ts': {
    ticketTags: 'link table: rows carry companyId (stamped on insert, filtered on delete); the ticket and the tags are first loaded with Ticket/Tag.scoped(companyId) (sdk.services.ticketTags)',
    queues: "clearing a deleted plugin row's pointer (integrationId, promptId) and pointing a queue at a prompt: every UPDATE filtered by companyId (no updatedAt bump)",
    whatsapps: "clearing a deleted plugin row's pointer (integrationId, promptId): filtered by companyId",
    tickets: "clearing a deleted plugin row's pointer (integrationId, promptId): filtered by companyId (no updatedAt bump, so no reordering)",
  },
  // Plugins reach their own tables through sdk.db.table(name, companyId); these are their sdk.db.unscoped(name) uses.
  'plugins/telegram/src/index.ts': {
    telegramBots: "the settings door's save, inside the connection's transaction (its trx; sdk.db would be another connection): every read and write names the companyId the core passed",
  },
  'plugins/internal-chat/src/messages.ts': {
    chatUsers: "the chat plugin's membership table (no companyId): the members of a chat first loaded with the caller's companyId",
  },
  'plugins/whatsapp-cloud/src/routes.ts': {
    whatsappCloud: "Meta's webhook names only its connection id: the settings row found by it gives the company (the signature or verify token is then checked with that row's secret, and the connection read with its companyId)",
  },
  'plugins/internal-chat/src/store.ts': {
    chatUsers: "the chat plugin's membership table (no companyId): read and written only for a chat first loaded with the caller's companyId",
  },
};

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) { if (name !== 'node_modules' && name !== 'dist') walk(full, out); } else if (/\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

/** Every plugin's sources: the repo's plugins and the plugin kit's examples. */
const pluginSources = () => ['plugins', 'tooling/plugin-kit/examples'].flatMap((parent) => readdirSync(path.join(root, parent)).flatMap((id) => {
  try { return walk(path.join(root, parent, id, 'src')); } catch { return []; }
}));

const sources = () => [...walk(path.join(root, 'core/src')), ...pluginSources()];

/** Tables with a companyId, or referencing one that has (link tables), from every createTable of every migration. */
function tenantTables(files: string[]): Set<string> {
  const tables = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const starts = [...text.matchAll(/createTable\(\s*['"`](\w+)['"`]/g)];
    starts.forEach((m, i) => tables.set(m[1], text.slice(m.index, starts[i + 1]?.index ?? text.length)));
  }
  const tenant = new Set<string>(['messages_fts']);
  for (const [name, body] of tables) if (/companyFk\(|['"`]companyId['"`]/.test(body)) tenant.add(name);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, body] of tables) {
      if (tenant.has(name)) continue;
      const refs = [...body.matchAll(/inTable\(\s*['"`](\w+)['"`]/g)].map((m) => m[1]);
      if (refs.some((r) => tenant.has(r))) { tenant.add(name); grew = true; }
    }
  }
  return tenant;
}

/** The tables a raw SQL text names after FROM, JOIN, INTO or UPDATE (or after a `${'name'}` interpolation there). */
const sqlTables = (sql: string) => [...sql.matchAll(/\b(?:from|join|into|update)\s+(?:[`"]|\$\{\s*['"`])?(\w+)/gi)].map((m) => m[1]);

/** A receiver that is knex by its name: `db`, `this.db`, `sdk.db`, `tx`, `conn`, `connection` (the name itself, not a suffix). */
const KNEX_LIKE = String.raw`(?<![\w$])(?:[\w$]+\.)*(?:db|tx|conn|connection)`;

/** The raw forms the scan knows (see the header), each with the tables a match names. */
const RAW_FORMS: Array<[RegExp, (m: RegExpMatchArray) => string[]]> = [
  [/\b[\w.]*(?:knex|trx)\s*\(\s*['"`](\w+)['"`]/gi, (m) => [m[1]]],
  [/\b[\w.]*(?:knex|trx)\s*\.\s*(?:from|table|into)\(\s*['"`](\w+)['"`]/gi, (m) => [m[1]]],
  [new RegExp(String.raw`${KNEX_LIKE}\s*(?:\.\s*(?:from|into)\s*)?\(\s*['"\`](\w+)['"\`]`, 'g'), (m) => [m[1]]],
  // sdk.db.table(name, companyId) is the scoped one: knex's takes the table alone.
  [/\.\s*table\(\s*['"`](\w+)['"`]\s*\)/g, (m) => [m[1]]],
  // Raw SQL through any receiver: the tables its text names, and the first `??` binding.
  [/\b(raw|[a-z]\w*Raw)\s*\(\s*(['"`])((?:\\.|(?!\2)[\s\S])*?)\2(?:\s*,\s*\[\s*['"`](\w+)['"`])?/g,
    (m) => [...sqlTables(`${m[1] === 'fromRaw' ? 'from ' : ''}${m[3]}`), ...(m[3].includes('??') && m[4] ? [m[4]] : [])]],
  [/\.unscoped\(\s*['"`](\w+)['"`]/g, (m) => [m[1]]],
];

/** Tenant tables a piece of source queries raw. */
function rawTablesIn(code: string, tenant: Set<string>): Set<string> {
  const found = new Set<string>();
  for (const [form, tables] of RAW_FORMS) for (const m of code.matchAll(form)) {
    for (const table of tables(m)) if (tenant.has(table)) found.add(table);
  }
  return found;
}

function rawTenantQueries(files: string[], tenant: Set<string>) {
  const found = new Map<string, Set<string>>();
  for (const file of files) {
    if (file.includes(`${path.sep}migrations${path.sep}`) || /migrations?\.ts$/.test(file)) continue;
    const tables = rawTablesIn(readFileSync(file, 'utf8'), tenant);
    if (tables.size) found.set(path.relative(root, file).split(path.sep).join('/'), tables);
  }
  return found;
}

t.test('a raw query on a tenant table outside the allow-list fails the build', async (t) => {
  const files = sources();
  const migrationFiles = [
    ...walk(path.join(root, 'core/src/db/migrations')),
    ...files.filter((f) => /migrations?(\.ts|[/\\])/.test(f)),
  ];
  const tenant = tenantTables(migrationFiles);
  for (const table of ['tickets', 'messages', 'contacts', 'ticketTags', 'userQueues', 'whatsappQueues', 'chatMessages']) {
    t.ok(tenant.has(table), `${table} is recognised as a tenant table`);
  }
  t.notOk(tenant.has('jobs'), 'the jobs table is no tenant table');
  const found = rawTenantQueries(files, tenant);
  for (const [file, tables] of found) {
    for (const table of tables) {
      t.ok(ALLOWED[file]?.[table], `raw knex('${table}') in ${file}: use Model.scoped(companyId), or list it in core/test/tenancy/raw-queries.test.ts with why it is safe`);
    }
  }
  for (const [file, tables] of Object.entries(ALLOWED)) {
    for (const table of Object.keys(tables)) {
      t.ok(found.get(file)?.has(table), `allow-list entry ${file} → ${table} still has a raw query (remove it once gone)`);
    }
  }
});

t.test('the scan catches the raw forms it promises', async (t) => {
  const tenant = new Set(['tickets', 'ticketTags']);
  const sample = (code: string) => [...rawTablesIn(code, tenant)];
  t.same(sample("await sdk.knex('ticketTags').insert(rows)"), ['ticketTags'], 'sdk.knex(table)');
  t.same(sample("await app.knex.from('tickets').where({ id })"), ['tickets'], 'knex.from(table)');
  t.same(sample("trx('tickets').update({})"), ['tickets'], 'a transaction');
  t.same(sample("knex.from(knex.raw('?? FORCE INDEX (??)', ['tickets', 'PRIMARY']))"), ['tickets'], 'an identifier binding in raw');
  t.same(sample("Ticket.scoped(companyId).where({ id })"), [], 'a scoped model is fine');
  t.same(sample("knex('jobs').insert({})"), [], 'a table without tenant rows is fine');
  t.same(sample("tx.unscoped('ticketTags').where({ ticketId })"), ['ticketTags'], 'a plugin\'s sdk.db.unscoped(table)');
  t.same(sample("sdk.db.table('tickets', companyId)"), [], 'sdk.db.table is scoped (and refuses tables the plugin does not own)');
  t.same(sample("ctx('tickets'); knex.raw('SELECT 1 FROM jobs'); t('tickets.title')"), [], 'a call that only ends in tx, a table without tenant rows, a text key');
});

t.test('the scan catches raw SQL through any knex-like receiver, and in the SQL text itself', async (t) => {
  const tenant = new Set(['tickets', 'contacts', 'messages', 'ticketTags']);
  const fixture = readFileSync(path.join(root, 'core/test/tenancy/fixtures/raw-receivers.txt'), 'utf8');
  const cases = fixture.split('\n').filter((line) => line.includes('=>') && !line.startsWith('//'));
  t.ok(cases.length >= 10, `${cases.length} cases`);
  for (const line of cases) {
    const [code, expected] = line.split('=>');
    t.same([...rawTablesIn(code, tenant)], [expected.trim()], code.trim());
  }
});

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** How a plugin could reach the database around sdk.db and sdk.services. */
const SIDE_DOORS: Array<[RegExp, string]> = [
  [/\bsdk\s*\.\s*knex\b|\{[^}]*\bknex\b[^}]*\}\s*=\s*sdk\b/, 'sdk.knex (plugins get no raw knex: sdk.db.table(name, companyId))'],
  [/^\s*import\s+(?!type\b)[^;]*from\s+['"](knex|objection|mysql2|better-sqlite3)['"]/m, 'a database driver imported at run time'],
  [/^\s*import\s+(?!type\b)[^;]*from\s+['"]@atrium\/core(?!\/sdk['"])/m, 'the core imported at run time (import type only; the SDK module\'s values, such as Type, are the one exception)'],
];

t.test('no plugin reaches the database around sdk.db and sdk.services', async (t) => {
  for (const file of pluginSources()) {
    if (/migrations?\.ts$/.test(file)) continue;
    const code = readFileSync(file, 'utf8');
    for (const [form, what] of SIDE_DOORS) t.notOk(form.test(code), `${rel(file)}: ${what}`);
  }
  t.ok(SIDE_DOORS[0][0].test("const { knex, clock } = sdk;"), 'the scan sees a destructured sdk.knex');
  t.ok(SIDE_DOORS[1][0].test("import knex from 'knex';"), 'the scan sees a driver import');
  t.notOk(SIDE_DOORS[1][0].test("import type { Knex } from 'knex';"), 'a type import is fine');
});

/**
 * sdk.models is gone: plugins read and change the core's data through sdk.services only (the built SDK has no
 * `models`: core/test/sdk/ticket-services.test.ts). Naming a model's statics in a plugin's source fails here.
 */
t.test('no plugin reaches for the core\'s models', async (t) => {
  const found = new Map<string, string[]>();
  for (const file of pluginSources()) {
    const models = [...new Set([...readFileSync(file, 'utf8').matchAll(/\bmodels\s*\.\s*(\w+)/g)].map((m) => m[1]))].sort();
    if (models.length) found.set(rel(file), models);
  }
  t.same(Object.fromEntries(found), {}, 'plugin uses of sdk.models: use sdk.services (ask the core for a service)');
});
