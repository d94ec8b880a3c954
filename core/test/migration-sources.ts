import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Migration } from '../src/db/migrate.js';
import { coreMigrations } from '../src/db/migrate.js';
import { pluginMigrations } from '../src/plugins/loader.js';
import { discoverPlugins } from '../src/plugins/manifest.js';
import { repoRoot } from '../src/config/index.js';

/** The migrations every test build runs: the core's and the repo plugins' (a test's own fixture plugins add theirs). */
export async function repoMigrations(): Promise<Migration[]> {
  const plugins = discoverPlugins([{ dir: path.join(repoRoot, 'plugins'), source: 'repo' }]);
  return [...coreMigrations, ...(await pluginMigrations(plugins))];
}

/**
 * Everything a migration's code can come from: the core's db folder (migrations and the helpers they import) and
 * every repo plugin's manifest and sources. Broader than the migrations alone, so an edited helper never leaves a
 * stale template; a change elsewhere in a plugin only costs one migration run. Templates are kept under its hash.
 */
export function migrationSources(): string {
  const files = [...walk(path.join(repoRoot, 'core/src/db'))];
  for (const plugin of readdirSync(path.join(repoRoot, 'plugins')).sort()) {
    files.push(path.join(repoRoot, 'plugins', plugin, 'plugin.json'), ...walk(path.join(repoRoot, 'plugins', plugin, 'src')));
  }
  return files.filter((f) => existsSync(f)).map((f) => `${path.relative(repoRoot, f)}\n${readFileSync(f, 'utf8')}\n`).join('');
}

function* walk(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}
