import t from 'tap';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../src/config/index.js';

/**
 * The console's slot names live in three places a plugin author meets: the host SDK's types (what a remote may
 * fill, with the props each gets), the manifest schema (what `remote.slots` may list) and the core's manifest type.
 * A slot added to one and not the others is either refused at load or never rendered: they must name the same set.
 */
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const quoted = (text: string) => [...text.matchAll(/'([\w.]+)'/g)].map((m) => m[1]).sort();
const unionOf = (source: string, name: string) => {
  const m = source.match(new RegExp(`export type ${name} =([^;]+);`));
  if (!m) throw new Error(`no type ${name}`);
  return quoted(m[1]);
};

t.test('every slot is named alike in the host SDK, the manifest schema and the core', async (t) => {
  const sdk = read('host-web/src/sdk/types.ts');
  const sdkNames = unionOf(sdk, 'SlotName');
  const propsBlock = sdk.slice(sdk.indexOf('export interface SlotProps {'), sdk.indexOf('\n}', sdk.indexOf('export interface SlotProps {')));
  const propsNames = [...propsBlock.matchAll(/^ {2}'([\w.]+)':/gm)].map((m) => m[1]).sort();
  const schema = JSON.parse(read('plugin.schema.json'));
  const schemaNames = [...schema.properties.remote.properties.slots.items.enum].sort();
  const coreNames = unionOf(read('core/src/plugins/manifest.ts'), 'SlotName');

  t.ok(sdkNames.includes('ticketList.row') && sdkNames.length >= 7, 'the SDK names the slots');
  t.same(propsNames, sdkNames, 'each slot the SDK names says what props it hands over');
  t.same(schemaNames, sdkNames, 'plugin.schema.json accepts exactly the SDK\'s slots');
  t.same(coreNames, sdkNames, 'the core\'s manifest type names the same slots');
});
