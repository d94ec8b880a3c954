import t from "tap";
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../../src/config/index.js";
const read = (file) => readFileSync(path.join(repoRoot, file), "utf8");
const quoted = (text) => [...text.matchAll(/'([\w.]+)'/g)].map((m) => m[1]).sort();
const unionOf = (source, name) => {
  const m = source.match(new RegExp(`export type ${name} =([^;]+);`));
  if (!m) throw new Error(`no type ${name}`);
  return quoted(m[1]);
};
t.test("every slot is named alike in the host SDK, the manifest schema and the core", async (t2) => {
  const sdk = read("host-web/src/sdk/types.ts");
  const sdkNames = unionOf(sdk, "SlotName");
  const propsBlock = sdk.slice(sdk.indexOf("export interface SlotProps {"), sdk.indexOf("\n}", sdk.indexOf("export interface SlotProps {")));
  const propsNames = [...propsBlock.matchAll(/^ {2}'([\w.]+)':/gm)].map((m) => m[1]).sort();
  const schema = JSON.parse(read("plugin.schema.json"));
  const schemaNames = [...schema.properties.remote.properties.slots.items.enum].sort();
  const coreNames = unionOf(read("core/src/plugins/manifest.ts"), "SlotName");
  t2.ok(sdkNames.includes("ticketList.row") && sdkNames.length >= 7, "the SDK names the slots");
  t2.same(propsNames, sdkNames, "each slot the SDK names says what props it hands over");
  t2.same(schemaNames, sdkNames, "plugin.schema.json accepts exactly the SDK's slots");
  t2.same(coreNames, sdkNames, "the core's manifest type names the same slots");
});
