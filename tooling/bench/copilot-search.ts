/**
 * The copilot's knowledge-base search at 10 000 articles (issue 46): the keyword ranking (plugins/copilot/src/search.ts:
 * the terms table summed per article, the same on both databases) through GET /api/copilot/articles?search=, as the composer's
 * suggestion and the knowledge-base screen run it. Goal: p95 under 150 ms per search on this machine kind, both
 * databases. Reports p50/p95 of 50 searches of 1 to 4 words.
 * Usage: node --import=tsx tooling/bench/copilot-search.ts sqlite|mysql [articles]
 */
import { rmSync } from 'node:fs';
import { buildApp } from '../../core/src/app.js';
import { ADMIN, benchEnv, type BenchDb } from './env.js';
import { termsOf } from '../../plugins/copilot/src/search.js';

const GOAL_P95_MS = 150;
const db = (process.argv[2] ?? 'sqlite') as BenchDb;
const count = Number(process.argv[3] ?? 10_000);
const env = { ...benchEnv(db, 'copilot'), REDIS_URL: '' };
rmSync(env.DATA_DIR!, { recursive: true, force: true });
if (db === 'mysql') {
  const { dropMysqlDatabase } = await import('../../core/src/db/connection.js');
  await dropMysqlDatabase(env.DATABASE_URL!);
}
// A vocabulary of 5 000 words drawn with a skew (a few words in most articles, most words in few), as a help
// center's texts are: the first words are the service's common ones.
const COMMON = ['entrega', 'reembolso', 'troca', 'pagamento', 'boleto', 'pix', 'cartão', 'garantia', 'prazo', 'frete', 'cancelamento', 'nota', 'fiscal',
  'endereço', 'senha', 'conta', 'cadastro', 'promoção', 'cupom', 'desconto', 'estoque', 'tamanho', 'cor', 'devolução', 'loja', 'horário', 'atendimento'];
const SYLLABLES = ['ba', 'ce', 'di', 'fo', 'gu', 'la', 'me', 'ni', 'po', 'ru', 'sa', 'te', 'vi', 'xo', 'za', 'tra', 'pre', 'cli', 'mor', 'sen'];
const VOCABULARY = [...COMMON, ...Array.from({ length: 5000 - COMMON.length }, (_, i) => `${SYLLABLES[i % 20]}${SYLLABLES[Math.floor(i / 20) % 20]}${SYLLABLES[Math.floor(i / 400) % 20]}`)];
let seed = 46;
const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * random() ** 3)];
const pick = (_i: number, n: number) => Array.from({ length: n }, word);

const app = await buildApp({ env, logger: false });
await app.ready();
try {
  const { planId } = await app.knex('companies').where({ id: 1 }).first('planId');
  await app.knex('plans').where({ id: planId }).update({ features: JSON.stringify({ useCopilot: true }) });
  app.tenancy.invalidate();
  const now = new Date().toISOString();
  for (let i = 0; i < count; i += 500) {
    // Written as the plugin writes them (the article, then its terms: search.ts termsOf).
    const articles = Array.from({ length: Math.min(500, count - i) }, (_, j) => {
      const n = i + j;
      const title = `${pick(n, 3).join(' ')} ${n}`;
      const body = `${pick(n + 1, 40).join(' ')}. Artigo número ${n} da base de conhecimento, com texto suficiente para uma resposta.`.repeat(3);
      return { title, body, tags: pick(n + 2, 2) };
    });
    for (const a of articles) {
      const [id] = await app.knex('copilotArticles').insert({ companyId: 1, title: a.title, body: a.body, tags: a.tags.join(','), language: 'pt', status: 'published', source: 'manual', createdAt: now, updatedAt: now });
      await app.knex('copilotTerms').insert(termsOf(a).map((t) => ({ companyId: 1, articleId: Number(id), ...t })));
    }
  }
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
  const token = login.json().token as string;
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const search = pick(i * 3, 1 + (i % 4)).join(' ');
    const started = process.hrtime.bigint();
    const res = await app.inject({ method: 'GET', url: `/api/copilot/articles?search=${encodeURIComponent(search)}&status=published&limit=3`, headers: { authorization: `Bearer ${token}` } });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (res.statusCode !== 200) throw new Error(`search failed: ${res.statusCode} ${res.body}`);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length * 0.5)];
  const p95 = times[Math.floor(times.length * 0.95)];
  console.log(JSON.stringify({ bench: 'copilot-search', db, articles: count, p50Ms: Math.round(p50), p95Ms: Math.round(p95), goalP95Ms: GOAL_P95_MS, met: p95 < GOAL_P95_MS }));
} finally {
  await app.close();
}
