import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What a plugin folder declares about itself (plugin.json): its id and plan flag. */
export interface PluginUnderTest { dir: string; id: string; planFlag?: string }

export function readPlugin(dir: string): PluginUnderTest {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'plugin.json'), 'utf8')) as { id: string; planFlag?: string };
  return { dir: path.resolve(dir), id: manifest.id, planFlag: manifest.planFlag };
}
