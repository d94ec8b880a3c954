import t from 'tap';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm ci` (the first step of CI and of a newcomer's install) refuses a lock file that lacks a workspace: a plugin or a
 * remote added with its package.json but without its package-lock.json entries breaks every clean install. Each
 * workspace folder must be in the lock, under its own name.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** The folders the root package.json's workspaces name (a trailing `/*` is one level of folders). */
function workspaceFolders(): string[] {
  return (readJson('package.json').workspaces as string[]).flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory()).map((entry) => `${parent}/${entry.name}`);
  }).filter((folder) => existsSync(path.join(root, folder, 'package.json')));
}

t.test('every workspace is in package-lock.json under its own name', async (t) => {
  const lock = readJson('package-lock.json').packages as Record<string, { name?: string; resolved?: string; link?: boolean }>;
  const folders = workspaceFolders();
  t.ok(folders.length > 10, `${folders.length} workspaces`);
  for (const folder of folders) {
    const { name } = readJson(`${folder}/package.json`) as { name: string };
    t.equal(lock[folder]?.name, name, `${folder} (${name}) is in the lock`);
    t.same(lock[`node_modules/${name}`], { resolved: folder, link: true }, `${name} links to ${folder}`);
  }
});
