import t from 'tap';
import type { Plugin } from 'vite';
import { lateShares } from '../../../host-web/vite/late-shares.js';

/** Runs the plugin's generateBundle over one shared import map chunk, as vite hands it over. */
function render(code: string) {
  const plugin = lateShares(['primereact/']) as Plugin & { generateBundle(this: unknown, o: unknown, b: unknown): void };
  const chunk = { type: 'chunk', fileName: 'assets/_virtual_mf-localSharedImportMap___x-1.js', code };
  const errors: string[] = [];
  plugin.generateBundle.call({ error: (m: string) => { errors.push(m); throw new Error(m); } }, {}, { [chunk.fileName]: chunk });
  return { code: chunk.code, errors };
}

t.test('PrimeReact\'s shares are left to load when used; React, the router and i18next still load at start', async (t) => {
  const minified = '"react":{name:"react",version:"19.3.1",scope:["default"],loaded:!1,materialize:!0,eager:!1},'
    + '"primereact/api":{name:"primereact/api",version:"10.9.9",scope:["default"],loaded:!1,materialize:!0,eager:!1,get(){}},'
    + '"primereact/button":{name:"primereact/button",version:"10.9.9",scope:["default"],loaded:!1,materialize:!0,eager:!1}';
  const { code } = render(minified);
  t.match(code, '"primereact/api":{name:"primereact/api",version:"10.9.9",scope:["default"],loaded:!1,materialize:!1');
  t.match(code, '"primereact/button":{name:"primereact/button",version:"10.9.9",scope:["default"],loaded:!1,materialize:!1');
  t.match(code, '"react":{name:"react",version:"19.3.1",scope:["default"],loaded:!1,materialize:!0');

  const plain = `"primereact/utils": {\n  name: "primereact/utils",\n  version: "10.9.9",\n  scope: ["default"],\n  loaded: false,\n  materialize: true,\n}`;
  t.match(render(plain).code, 'materialize: !1');
});

t.test('a federation plugin that writes its map differently fails the build instead of growing the login page', async (t) => {
  t.throws(() => render('"primereact/api":{name:"primereact/api",load:!0}'), /no shared entry was marked/);
});
