import { isMysql, readIds } from "./connection.js";
import { LIKE_ESCAPE, likeAnywhere } from "./like.js";
function searchWords(text) {
  return text.normalize("NFKC").toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0).slice(0, 8);
}
const SEARCH_DEPTH = 5e3;
const SCAN_LIMITS = { depth: SEARCH_DEPTH, firstWindow: 1e4, budget: 1e5 };
async function messageMatches(knex, companyId, text, limits = SCAN_LIMITS) {
  const words = searchWords(text);
  if (words.length === 0) return { ticketIds: [], complete: true };
  if (isMysql(knex)) return mysqlTicketIds(knex, companyId, words, limits);
  const ticketIds = await sqliteMatchWalk(knex, companyId, words, limits.depth);
  return { ticketIds, complete: ticketIds.length < limits.depth };
}
async function ticketsWithMatchingMessage(knex, companyId, ticketIds, text) {
  const words = searchWords(text);
  if (words.length === 0 || ticketIds.length === 0) return /* @__PURE__ */ new Set();
  const q = knex("messages").where("messages.companyId", companyId);
  if (isMysql(knex)) {
    q.whereIn("messages.ticketId", ticketIds);
    for (const pattern of words.map(wordPrefixPattern)) q.whereRaw("?? REGEXP ?", ["messages.body", pattern]);
    return new Set(await readIds(q.distinct("messages.ticketId")));
  }
  q.where(idIn(knex, "messages.ticketId", ticketIds)).whereNotNull("messages.body");
  const { rows } = await q.select("messages.ticketId", "messages.body").options({ arrayRows: true });
  const patterns = words.map(wordPrefixRegExp);
  const found = /* @__PURE__ */ new Set();
  for (const [ticketId, body] of rows) if (patterns.every((p) => p.test(String(body)))) found.add(Number(ticketId));
  return found;
}
function idIn(knex, column, ids) {
  return (q) => {
    if (isMysql(knex)) q.whereIn(column, ids.length ? ids : [0]);
    else q.whereRaw("?? IN (SELECT value FROM json_each(?))", [column, JSON.stringify(ids)]);
  };
}
async function sqliteMatchWalk(knex, companyId, words, depth) {
  const parts = [];
  for (const word of words) {
    const part = await sqliteWordExpression(knex, word);
    if (part === null) return [];
    parts.push(part);
  }
  const expression = parts.join(" AND ");
  return readIds(knex.from("messages_fts").join("messages", "messages.id", "messages_fts.rowid").whereRaw("messages_fts MATCH ?", [expression]).where("messages.companyId", companyId).orderBy("messages_fts.rowid", "desc").limit(depth).select("messages.ticketId"));
}
const PREFIX_TERMS = 16;
async function sqliteWordExpression(knex, word) {
  const folded = fold(word);
  if (!/^[a-z0-9]+$/.test(folded) || !/^[a-z0-9\u00c0-\u024f]+$/.test(word)) return `"${word}"*`;
  await knex.raw("CREATE VIRTUAL TABLE IF NOT EXISTS temp.messages_fts_terms USING fts5vocab(main, 'messages_fts', 'instance')");
  const terms = [];
  let from = folded;
  for (; ; ) {
    const row = await knex.raw("SELECT term FROM temp.messages_fts_terms WHERE term >= ? LIMIT 1", [from]);
    const term = row[0]?.term;
    if (term === void 0 || !term.startsWith(folded)) break;
    if (terms.length === PREFIX_TERMS || !/^[\p{L}\p{N}]+$/u.test(term)) return `"${folded}"*`;
    terms.push(term);
    from = `${term}`;
  }
  return terms.length ? `(${terms.map((t) => `"${t}"`).join(" OR ")})` : null;
}
async function mysqlTicketIds(knex, companyId, words, limits) {
  const found = [];
  const answer = (complete) => ({ ticketIds: found, complete: complete && found.length < limits.depth });
  let below;
  let scanned = 0;
  let size = limits.firstWindow;
  for (; ; ) {
    const window = await windowBelow(knex, companyId, below, size);
    if (!window) return answer(true);
    found.push(...await scanWindow(knex, companyId, words, window, limits.depth - found.length));
    if (found.length >= limits.depth || window.messages < size) return answer(true);
    below = window.oldest;
    scanned += size;
    size = nextWindow(limits, scanned, found.length);
    if (size === 0) break;
  }
  const older = await indexedMatches(knex, companyId, words, below, limits.depth - found.length);
  if (older === void 0) return answer(false);
  found.push(...older);
  return answer(true);
}
function nextWindow(limits, scanned, matches) {
  if (matches === 0) return 0;
  const expected = (limits.depth - matches) * scanned / matches;
  if (scanned + expected > limits.budget) return 0;
  return Math.min(Math.max(Math.ceil(expected * 1.25), limits.firstWindow), limits.budget - scanned);
}
async function windowBelow(knex, companyId, below, size) {
  const ids = knex("messages").where("companyId", companyId).orderBy("id", "desc").limit(size).select("id");
  if (below !== void 0) ids.where("id", "<", below);
  const row = await knex.from(ids.as("w")).first(knex.raw("MAX(id) AS newest, MIN(id) AS oldest, COUNT(*) AS messages"));
  return row?.newest == null ? void 0 : { newest: Number(row.newest), oldest: Number(row.oldest), messages: Number(row.messages) };
}
async function scanWindow(knex, companyId, words, window, limit) {
  const dense = window.newest - window.oldest + 1 <= 3 * window.messages;
  const q = knex.from(knex.raw("?? FORCE INDEX (??)", ["messages", dense ? "PRIMARY" : "messages_company_id_idx"])).where("companyId", companyId).whereBetween("id", [window.oldest, window.newest]);
  return newestMatching(q, words, limit);
}
const FULLTEXT_STOPWORDS = new Set("a about an are as at be by com de en for from how i in is it la of on or that the this to was what when where who will with und www".split(" "));
const FULLTEXT_MIN_WORD = 3;
function fulltextExpression(words) {
  const searchable = words.filter((w) => !FULLTEXT_STOPWORDS.has(w));
  const indexed = searchable.filter((w) => w.length >= FULLTEXT_MIN_WORD);
  const chosen = indexed.length ? indexed : searchable;
  return chosen.length ? chosen.map((w) => `+${w}*`).join(" ") : void 0;
}
async function indexedMatches(knex, companyId, words, below, limit) {
  const expression = fulltextExpression(words);
  if (expression === void 0) return void 0;
  const q = knex("messages").where("companyId", companyId).whereRaw("MATCH(body) AGAINST (? IN BOOLEAN MODE)", [expression]);
  if (below !== void 0) q.where("id", "<", below);
  return newestMatching(q, words, limit);
}
async function newestMatching(q, words, limit) {
  for (const pattern of words.map(wordPrefixPattern)) q.whereRaw("?? REGEXP ?", ["body", pattern]);
  const rows = await q.orderBy("id", "desc").limit(limit).select("ticketId");
  return rows.map((r) => Number(r.ticketId));
}
function wordPrefixRegExp(word) {
  return new RegExp(wordPrefixPattern(word).replace(/^\(\?i\)/, ""), "iu");
}
const ACCENTED = (() => {
  const variants = /* @__PURE__ */ new Map();
  const ranges = [[192, 591], [7680, 7935]];
  for (const [first, last] of ranges) {
    for (let code = first; code <= last; code++) {
      const letter = String.fromCodePoint(code).toLowerCase();
      const base = fold(letter);
      if (base.length === 1 && base !== letter && !variants.get(base)?.includes(letter)) variants.set(base, (variants.get(base) ?? "") + letter);
    }
  }
  return variants;
})();
function fold(word) {
  return word.normalize("NFD").replace(new RegExp("\\p{M}", "gu"), "");
}
function wordPrefixPattern(word) {
  const letters = [...fold(word)].map((c) => ACCENTED.has(c) ? `[${c}${ACCENTED.get(c)}]` : c);
  return `(?i)(?<![\\p{L}\\p{N}])${letters.join("")}`;
}
const TRIGRAM_LENGTH = 3;
const phrase = (term) => `"${term.replace(/"/g, '""')}"`;
function contactNameContains(knex, term, table = "contacts") {
  return (q) => {
    if (isMysql(knex)) q.whereRaw("?? LIKE ? ESCAPE ?", [`${table}.name`, likeAnywhere(term), LIKE_ESCAPE]);
    else if ([...term].length < TRIGRAM_LENGTH) q.whereRaw("LOWER(??) LIKE ? ESCAPE ?", [`${table}.name`, likeAnywhere(term.toLowerCase()), LIKE_ESCAPE]);
    else q.whereRaw("?? IN (SELECT rowid FROM contacts_name_search WHERE contacts_name_search MATCH ?)", [`${table}.id`, phrase(term)]);
  };
}
function contactNumberContains(knex, part, table = "contacts") {
  return (q) => {
    if (isMysql(knex) || [...part].length < TRIGRAM_LENGTH) q.whereRaw("?? LIKE ? ESCAPE ?", [`${table}.number`, likeAnywhere(part), LIKE_ESCAPE]);
    else q.whereRaw("?? IN (SELECT rowid FROM contacts_number_search WHERE contacts_number_search MATCH ?)", [`${table}.id`, phrase(part)]);
  };
}
export {
  SCAN_LIMITS,
  SEARCH_DEPTH,
  contactNameContains,
  contactNumberContains,
  idIn,
  messageMatches,
  searchWords,
  ticketsWithMatchingMessage,
  wordPrefixPattern,
  wordPrefixRegExp
};
