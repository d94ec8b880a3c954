import t from "tap";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const sources = (dir) => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && /\.(ts|tsx|mts|js|mjs)$/.test(e.name)).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
};
const files = [
  ...sources(path.join(root, "core/src")),
  ...readdirSync(path.join(root, "plugins")).flatMap((p) => sources(path.join(root, "plugins", p, "src")))
];
const MAKERS = [
  { what: "node-redis's createClient (a value import of 'redis' or '@redis/client')", pattern: /import\s*\(\s*['"](redis|@redis\/client)['"]\s*\)|^import\s+(?!type\b)[^;]*from\s+['"](redis|@redis\/client)['"]/m, allowed: "core/src/redis/client.ts" },
  { what: "a node-redis client's duplicate()", pattern: /\.duplicate\(\)/, allowed: "core/src/redis/client.ts" },
  { what: "a bee-queue Queue", pattern: /require\(['"]bee-queue['"]\)|from\s+['"]bee-queue['"]\s*;?\s*$(?<!import type[^\n]*)/m, allowed: "core/src/jobs/redis-queue.ts" },
  { what: "an ioredis client", pattern: /['"]ioredis['"]/, allowed: "(none)" }
];
t.test("every Redis client is made where it gets error handling and reconnects", async (t2) => {
  t2.ok(files.length > 100, `the scan sees the sources (${files.length} files)`);
  for (const { what, pattern, allowed } of MAKERS) {
    const makers = files.filter((f) => f !== allowed && pattern.test(readFileSync(path.join(root, f), "utf8")));
    t2.same(makers, [], `${what} only in ${allowed}`);
  }
});
t.test("each bee-queue queue is wrapped for Redis restarts", async (t2) => {
  const source = readFileSync(path.join(root, "core/src/jobs/redis-queue.ts"), "utf8");
  t2.match(source, /recoverAfterRedisRestart\(queue,/, "the NOSCRIPT reload and reconnect hook");
  t2.match(source, /redis: beeQueueRedisOptions\(/, "its redis@3 client reconnects for ever");
  t2.match(source, /queue\.on\('error'/, "its errors are handled");
});
