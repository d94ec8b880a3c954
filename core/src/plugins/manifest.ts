import { Ajv } from 'ajv';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { repoRoot } from '../config/index.js';

/** Named places in core console screens a remote may fill (host-web/src/sdk/types.ts `SlotName`; plugin.schema.json). */
export type SlotName = 'sideMenu.badge' | 'topBar.actions' | 'queueDialog.fields' | 'connectionDialog.fields' | 'ticketHeader.actions'
  | 'ticketList.row' | 'contactDrawer.sections' | 'ticketComposer.actions' | 'composer.above';
export interface MenuEntry { labelKey: string; path: string; icon?: string; order?: number; role?: 'user' | 'admin' | 'super' }
/** A route the plugin serves without a session or plan check (a webhook), rate-limited per address. */
export interface PublicRouteDeclaration {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As registered in the plugin, relative to its prefix: `/webhook/:token`. */
  url: string;
  rateLimit?: { max: number; windowSeconds: number };
}
export interface PluginManifest {
  id: string;
  version: string;
  title: string;
  description?: string;
  core: string;
  planFlag: string;
  backend?: {
    entry: string; prefix?: string; migrations?: string; publicRoutes?: PublicRouteDeclaration[];
    /** The plugin's own tables with a companyId (sdk.db.table) and without (sdk.db.unscoped). */
    tables?: string[]; unscopedTables?: string[];
    /** Among `tables`: derived rows (a search index) whose writes are not audited. */
    derivedTables?: string[];
  };
  remote?: {
    name: string;
    entry: string;
    dist: string;
    exposes?: string;
    routes: Array<{ path: string; role?: 'user' | 'admin' | 'super' }>;
    menu?: MenuEntry[];
    slots?: SlotName[];
    i18n?: Record<string, Record<string, unknown>>;
  };
  permissions?: string[];
  events?: string[];
  requires?: string[];
}

/** A manifest plus where it was found. */
export interface DiscoveredPlugin { manifest: PluginManifest; dir: string; source: 'repo' | 'external' }

export class PluginManifestError extends Error {
  constructor(public readonly plugin: string, public readonly field: string, detail: string) {
    super(`Plugin "${plugin}": ${field ? `field "${field}" ` : ''}${detail}`);
    this.name = 'PluginManifestError';
  }
}

export const coreVersion: string = JSON.parse(readFileSync(path.join(repoRoot, 'core', 'package.json'), 'utf8')).version;

const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true });
const validate = ajv.compile(JSON.parse(readFileSync(path.join(repoRoot, 'plugin.schema.json'), 'utf8')));

/** Reads and validates one plugin folder's plugin.json; throws a PluginManifestError naming the field. */
export function readManifest(dir: string): PluginManifest {
  const file = path.join(dir, 'plugin.json');
  const label = path.basename(dir);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new PluginManifestError(label, '', `has an unreadable plugin.json (${(err as Error).message})`);
  }
  if (!validate(data)) {
    const first = validate.errors![0];
    const field = [first.instancePath.replace(/^\//, '').replace(/\//g, '.'), first.params && 'additionalProperty' in first.params ? first.params.additionalProperty : first.params && 'missingProperty' in first.params ? first.params.missingProperty : '']
      .filter(Boolean).join('.');
    const name = typeof (data as { id?: unknown })?.id === 'string' ? (data as { id: string }).id : label;
    throw new PluginManifestError(name, field || '(root)', first.message ?? 'is invalid');
  }
  const manifest = data as PluginManifest;
  if (!semver.validRange(manifest.core)) throw new PluginManifestError(manifest.id, 'core', `"${manifest.core}" is not a semver range`);
  if (!semver.satisfies(coreVersion, manifest.core, { includePrerelease: true })) {
    throw new PluginManifestError(manifest.id, 'core', `needs core ${manifest.core}, this is ${coreVersion}`);
  }
  for (const rel of [manifest.backend?.entry, manifest.backend?.migrations].filter(Boolean) as string[]) {
    if (!existsSync(path.resolve(dir, rel))) throw new PluginManifestError(manifest.id, 'backend', `points to a missing file ${rel}`);
  }
  return manifest;
}

/** Every plugin folder (one holding plugin.json) directly under each root, repo plugins first. */
export function discoverPlugins(roots: Array<{ dir: string; source: 'repo' | 'external' }>): DiscoveredPlugin[] {
  const found: DiscoveredPlugin[] = [];
  const seen = new Map<string, string>();
  for (const root of roots) {
    if (!existsSync(root.dir)) continue;
    // A root that is itself a plugin folder (the plugin kit loads the plugin under test by its own path) is that one plugin.
    const dirs = existsSync(path.join(root.dir, 'plugin.json'))
      ? [root.dir]
      : readdirSync(root.dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort((a, b) => a.localeCompare(b)).map((name) => path.join(root.dir, name));
    for (const dir of dirs) {
      if (!existsSync(path.join(dir, 'plugin.json'))) continue;
      const manifest = readManifest(dir);
      if (seen.has(manifest.id)) throw new PluginManifestError(manifest.id, 'id', `is used by two plugins (${seen.get(manifest.id)} and ${dir})`);
      seen.set(manifest.id, dir);
      found.push({ manifest, dir, source: root.source });
    }
  }
  for (const { manifest } of found) {
    for (const need of manifest.requires ?? []) {
      if (!seen.has(need)) throw new PluginManifestError(manifest.id, 'requires', `needs plugin "${need}", which is not installed`);
    }
  }
  return orderByRequires(found);
}

function orderByRequires(plugins: DiscoveredPlugin[]): DiscoveredPlugin[] {
  const byId = new Map(plugins.map((p) => [p.manifest.id, p]));
  const ordered: DiscoveredPlugin[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (p: DiscoveredPlugin) => {
    const s = state.get(p.manifest.id);
    if (s === 'done') return;
    if (s === 'visiting') throw new PluginManifestError(p.manifest.id, 'requires', 'forms a cycle');
    state.set(p.manifest.id, 'visiting');
    for (const need of p.manifest.requires ?? []) visit(byId.get(need)!);
    state.set(p.manifest.id, 'done');
    ordered.push(p);
  };
  plugins.forEach(visit);
  return ordered;
}
