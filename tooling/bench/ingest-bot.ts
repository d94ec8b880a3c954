/**
 * The ingestion bench with a bot in the responder chain that sleeps 2 s per message before answering
 * (ingest.ts with BENCH_BOT_SLEEP_MS): responders run as jobs after the inbound commit, so the
 * ingestion figures must stay those of the plain `ingest` leg.
 * Usage: node --import=tsx tooling/bench/ingest-bot.ts sqlite|mysql [messages] [contacts]
 */
process.env.BENCH_BOT_SLEEP_MS ||= '2000';
await import('./ingest.js');
