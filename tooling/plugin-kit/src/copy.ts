import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const kitDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A plugin folder copied into a new temporary folder, as an agency's own checkout outside the repo: installs and
 * builds (node_modules, dist) are left out, and a kit dependency (`@atrium/plugin-kit`) points at this checkout's
 * kit, as `create-plugin --dir` writes it. Into `into` (a plugins folder), or a new temporary folder holding only it.
 * Answers the copy.
 */
export function copyPluginOutside(source: string, into = mkdtempSync(path.join(os.tmpdir(), 'atrium-plugin-'))): string {
  const target = path.join(into, path.basename(source));
  cpSync(source, target, { recursive: true, filter: (file) => !/[\\/](node_modules|dist)$/.test(file) });
  const pkgFile = path.join(target, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  if (pkg.devDependencies?.['@atrium/plugin-kit']) {
    pkg.devDependencies['@atrium/plugin-kit'] = `file:${kitDir.split(path.sep).join('/')}`;
    writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  }
  return target;
}
