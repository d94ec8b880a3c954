/**
 * The files of a new plugin, as { relative path: content }. `layout` says where the backend and
 * the remote live relative to each other and to the repo (see index.mjs).
 */
/** Names of the example resource (a company's items), the same in the backend, its test and the remote. */
const itemNames = (n) => ({
  type: `${n.pascal}Item`,
  table: `${n.camel}Items`,
  event: `${n.id}-item`,
  notFound: `ERR_NO_${n.id.replace(/-/g, '_').toUpperCase()}_ITEM_FOUND`,
});

/** Names of the second example: a company's settings with a secret field, and the public webhook they authenticate. */
const settingsNames = (n) => ({
  type: `${n.pascal}Settings`,
  table: `${n.camel}Settings`,
  event: `${n.id}-settings`,
  webhookEvent: `${n.id}-webhook`,
});

export function backendFiles(n, layout) {
  const item = itemNames(n);
  const settings = settingsNames(n);
  const manifest = {
    ...(layout.external ? {} : { $schema: layout.schemaPath }),
    id: n.id,
    version: '0.1.0',
    title: `${n.camel}.title`,
    description: `${n.title}: describe what this plugin adds.`,
    core: layout.coreRange,
    planFlag: n.planFlag,
    backend: {
      entry: 'src/index.ts',
      migrations: 'src/migrations.ts',
      // The tables its migrations create: the only ones sdk.db opens for it (sdk.db.table(name, companyId)).
      tables: [item.table, settings.table],
      // The webhook finds the company by its token, before the company is known: sdk.db.unscoped(settings table).
      unscopedTables: [settings.table],
      // The only routes served without a session or plan check; each authenticates its caller itself.
      publicRoutes: [{ method: 'POST', url: '/webhook/:token' }],
    },
    remote: {
      name: n.remoteName,
      entry: 'remoteEntry.js',
      dist: layout.remoteDist,
      exposes: './plugin',
      routes: [{ path: `/${n.id}` }],
      menu: [{ labelKey: `${n.camel}.menu`, path: `/${n.id}`, icon: 'pi pi-box', order: 100 }],
      i18n: {
        pt: { [n.camel]: { menu: n.title, title: n.title } },
        en: { [n.camel]: { menu: n.title, title: n.title } },
        es: { [n.camel]: { menu: n.title, title: n.title } },
      },
    },
    permissions: ['db:' + item.table, 'db:' + settings.table, 'bus', 'secrets'],
    events: [item.event, settings.event, settings.webhookEvent],
  };
  const pkg = {
    name: layout.external ? `atrium-plugin-${n.id}` : `@atrium/plugin-${n.id}`,
    version: '0.1.0',
    private: true,
    type: 'module',
    ...(layout.external
      ? {
        // The host is named here only: the kit, linked from the host's checkout (ATRIUM_HOST when scaffolded).
        scripts: { test: 'atrium-plugin test', typecheck: 'atrium-plugin typecheck', lint: 'atrium-plugin lint', 'build-remote': 'atrium-plugin build-remote' },
        devDependencies: { '@atrium/plugin-kit': `file:${layout.kitPath}` },
      }
      : { scripts: { test: `cd ${layout.repoFromBackend} && tap ${layout.testGlob}` } }),
  };

  return {
    'plugin.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'package.json': `${JSON.stringify(pkg, null, 2)}\n`,
    'src/types.ts': `/**
 * The shapes this plugin's API answers, written once: the backend uses them, and the remote imports them with
 * \`import type\` (nothing of the backend reaches the remote's bundle). Keep this file free of imports.
 */
export interface ${item.type} {
  id: number;
  name: string;
  note: string | null;
}

/** The company's settings: apiKey is answered masked (sk-…abcd); webhookToken is null until they are first saved. */
export interface ${settings.type} {
  apiKey: string | null;
  webhookToken: string | null;
}
`,
    'src/migrations.ts': `import type { Knex } from '${layout.external ? '@atrium/core/sdk' : 'knex'}';

/** Run with the core's at start, recorded as ${n.id}/<name>. Never edit a shipped one: append. */
export const migrations = [
  {
    name: '001_${item.table}',
    async up(knex: Knex) {
      await knex.schema.createTable('${item.table}', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.string('name', 100).notNullable();
        t.text('note');
        t.index(['companyId', 'name']);
      });
    },
    async down(knex: Knex) {
      await knex.schema.dropTableIfExists('${item.table}');
    },
  },
  {
    // One row per company: the API key (stored encrypted by sdk.secrets) and the token its webhook URL carries.
    name: '002_settings',
    async up(knex: Knex) {
      await knex.schema.createTable('${settings.table}', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable().unique();
        t.text('apiKey');
        t.string('webhookToken', 64).notNullable().unique();
      });
    },
    async down(knex: Knex) {
      await knex.schema.dropTableIfExists('${settings.table}');
    },
  },
];
`,
    'src/index.ts': `import { randomBytes } from 'node:crypto';
import type { AtriumPlugin, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { ${item.type}, ${settings.type} } from './types.js';

const TABLE = '${item.table}';
const COLUMNS = ['id', 'name', 'note'];
const SETTINGS_TABLE = '${settings.table}';

/**
 * ${n.title}: the backend entry. The core calls this factory with its SDK and registers the
 * returned Fastify plugin under /api/${n.id}, every route authenticated and guarded by the
 * ${n.planFlag} plan flag. Import only TYPES from '@atrium/core/sdk': the SDK object is handed in.
 */
const ${n.camel}Plugin: AtriumPlugin = (sdk) => async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const T = sdk.Type;
  const { IdParams, PagingQuery, PAGE_SIZE, pageOf, OkReply } = sdk.schemas;
  const Item = T.Object({ id: T.Integer(), name: T.String(), note: T.Union([T.String(), T.Null()]) });
  // An empty note is stored as null (the validator turns a JSON null into "" for a string-or-null field).
  const ItemBody = T.Object({ name: T.String({ minLength: 2, maxLength: 100 }), note: T.Optional(T.Union([T.String({ maxLength: 2000 }), T.Null()])) });

  // sdk.db.table filters every read and write by the caller's company (and stamps it on inserts): another company's row is "not found".
  const rows = (companyId: number) => sdk.db.table(TABLE, companyId);
  const find = async (companyId: number, id: number): Promise<${item.type}> => {
    const row = await rows(companyId).where({ id }).first(COLUMNS);
    if (!row) throw sdk.errors.notFound('${item.notFound}', 'Item not found');
    return row;
  };
  // The console keeps its list live from company-{id}-${item.event} (the live option of sdk.ui.useListPage).
  const announce = (companyId: number, payload: Record<string, unknown>) => sdk.bus.emit(companyId, '${item.event}', payload);

  app.get('/hello', {
    schema: {
      tags: ['${n.id}'],
      querystring: T.Object({ name: T.Optional(T.String({ minLength: 1, maxLength: 50 })) }),
      response: { 200: T.Object({ message: T.String(), companyId: T.Integer() }) },
    },
  }, async (request) => ({ message: \`hello \${request.query.name ?? 'world'}\`, companyId: request.user.companyId }));

  app.get('/items', {
    schema: { tags: ['${n.id}'], querystring: PagingQuery, response: { 200: pageOf('items', Item) } },
  }, async (request) => {
    const { searchParam = '', pageNumber = 1 } = request.query;
    const query = rows(request.user.companyId).select(COLUMNS).orderBy('name').orderBy('id').limit(PAGE_SIZE + 1).offset((pageNumber - 1) * PAGE_SIZE);
    if (searchParam.trim()) query.where('name', 'like', \`%\${searchParam.trim()}%\`);
    const found: ${item.type}[] = await query;
    return { items: found.slice(0, PAGE_SIZE), hasMore: found.length > PAGE_SIZE };
  });

  app.post('/items', { schema: { tags: ['${n.id}'], body: ItemBody, response: { 200: Item } } }, async (request) => {
    const { companyId } = request.user;
    const [id] = await rows(companyId).insert({ name: request.body.name.trim(), note: request.body.note || null });
    const item = await find(companyId, Number(id));
    announce(companyId, { action: 'create', item });
    return item;
  });

  app.put('/items/:id', { schema: { tags: ['${n.id}'], params: IdParams, body: ItemBody, response: { 200: Item } } }, async (request) => {
    const { companyId } = request.user;
    await find(companyId, request.params.id);
    await rows(companyId).where({ id: request.params.id }).update({ name: request.body.name.trim(), note: request.body.note || null });
    const item = await find(companyId, request.params.id);
    announce(companyId, { action: 'update', item });
    return item;
  });

  app.delete('/items/:id', { schema: { tags: ['${n.id}'], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const { companyId } = request.user;
    await find(companyId, request.params.id);
    await rows(companyId).where({ id: request.params.id }).delete();
    announce(companyId, { action: 'delete', itemId: request.params.id });
    return { message: 'deleted' };
  });

  // A secret field: apiKey is stored encrypted, answered masked (sk-…abcd), and kept when the console sends the mask back.
  // When calling out with it: sdk.secrets.decrypt(row.apiKey).
  const Settings = T.Object({ apiKey: T.Union([sdk.secrets.SecretString(), T.Null()]), webhookToken: T.Union([T.String(), T.Null()]) });
  const SettingsBody = T.Object({ apiKey: T.Optional(T.Union([sdk.secrets.SecretString({ maxLength: 500 }), T.Null()])) });
  const settingsOf = (companyId: number): Promise<${settings.type} | undefined> =>
    sdk.db.table(SETTINGS_TABLE, companyId).first(['apiKey', 'webhookToken']);

  app.get('/settings', { schema: { tags: ['${n.id}'], response: { 200: Settings } } }, async (request) => {
    return (await settingsOf(request.user.companyId)) ?? { apiKey: null, webhookToken: null };
  });

  // Admins only: the core's own guard (403 ERR_NO_PERMISSION for anyone else).
  app.put('/settings', { preHandler: sdk.requireAdmin, schema: { tags: ['${n.id}'], body: SettingsBody, response: { 200: Settings } } }, async (request) => {
    const { companyId } = request.user;
    const existing = await settingsOf(companyId);
    const apiKey = sdk.secrets.keepSecretIfMasked(request.body.apiKey, existing?.apiKey);
    if (existing) await sdk.db.table(SETTINGS_TABLE, companyId).update({ apiKey });
    else await sdk.db.table(SETTINGS_TABLE, companyId).insert({ apiKey, webhookToken: randomBytes(16).toString('hex') });
    const saved = (await settingsOf(companyId))!;
    // The core masks answers, not events: redact the payload with the same schema.
    sdk.bus.emit(companyId, '${settings.event}', { action: 'update', settings: sdk.secrets.redact(Settings, saved) });
    return saved;
  });

  // A public route (declared in plugin.json backend.publicRoutes): no session, no plan check, rate-limited per address.
  // The token in the path is the credential and names the company; an unknown one fails closed. A SecretString:
  // the request log writes it [redacted].
  app.post('/webhook/:token', {
    schema: {
      tags: ['${n.id}'],
      params: T.Object({ token: sdk.secrets.SecretString({ minLength: 1, maxLength: 64 }) }),
      body: T.Object({ event: T.String({ minLength: 1, maxLength: 100 }) }),
      response: { 200: T.Object({ received: T.Boolean() }) },
    },
  }, async (request) => {
    const row = await sdk.db.unscoped(SETTINGS_TABLE).where({ webhookToken: request.params.token }).first('companyId');
    if (!row) throw new sdk.errors.AppError('ERR_INVALID_WEBHOOK_TOKEN', 401, 'Unknown webhook token');
    sdk.bus.emit(row.companyId, '${settings.webhookEvent}', { action: 'create', event: request.body.event });
    return { received: true };
  });

  // A bot that answers inbound messages goes here: sdk.responders.register({ id, place, handle(ctx) }) (docs/plugins.md, "Answering messages").
};

export default ${n.camel}Plugin;
`,
    [`test/${n.id}.test.ts`]: testFile(n, layout),
    ...(layout.external ? outsideFiles() : {}),
  };
}

/** A plugin folder outside the repo: its own TypeScript and lint configs, and the security suites over its routes. */
function outsideFiles() {
  return {
    'tsconfig.json': `${JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true,
        // The SDK's types as every plugin imports them ('@atrium/core/sdk'), reached through the kit.
        paths: { '@atrium/core/sdk': ['./node_modules/@atrium/plugin-kit/src/sdk.ts'] },
      },
      include: ['src', 'test'],
    }, null, 2)}\n`,
    'eslint.config.js': `// The repo's lint rules, through the kit (npm run lint).
export { default } from '@atrium/plugin-kit/eslint';
`,
    '.gitignore': 'node_modules/\ndist/\nremote/dist/\n',
    'test/security.test.ts': `import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { securitySuites } from '@atrium/plugin-kit';

/**
 * The core's generated security suites over this plugin's own routes, with its own plan flag: authentication
 * (every route not declared public refuses a caller without a session), robustness (malformed input never gets a
 * 5xx) and isolation (another company never sees or changes this company's rows). New routes are covered as added.
 */
securitySuites({ plugin: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..') });
`,
  };
}

export function remoteFiles(n, layout) {
  const pkg = {
    name: layout.external ? `atrium-remote-${n.id}` : `@atrium/remote-${n.id}`,
    version: '0.1.0',
    private: true,
    type: 'module',
    scripts: { build: 'vite build' },
  };
  const item = itemNames(n);
  const strings = {
    pt: {
      title: n.title, search: 'Pesquisar', add: 'Adicionar item', name: 'Nome', note: 'Observação', titleAdd: 'Novo item', titleEdit: 'Editar item',
      saved: 'Item salvo.', deleted: 'Item excluído.', deleteConfirm: 'Excluir este item?', nameShort: 'O nome tem pelo menos 2 caracteres', required: 'Obrigatório',
    },
    en: {
      title: n.title, search: 'Search', add: 'Add item', name: 'Name', note: 'Note', titleAdd: 'New item', titleEdit: 'Edit item',
      saved: 'Item saved.', deleted: 'Item deleted.', deleteConfirm: 'Delete this item?', nameShort: 'The name has at least 2 characters', required: 'Required',
    },
    es: {
      title: n.title, search: 'Buscar', add: 'Agregar ítem', name: 'Nombre', note: 'Nota', titleAdd: 'Nuevo ítem', titleEdit: 'Editar ítem',
      saved: 'Ítem guardado.', deleted: 'Ítem eliminado.', deleteConfirm: '¿Eliminar este ítem?', nameShort: 'El nombre tiene al menos 2 caracteres', required: 'Obligatorio',
    },
  };
  const i18n = Object.fromEntries(Object.entries(strings).map(([lang, s]) => [lang, { [n.camel]: s }]));

  return {
    'package.json': `${JSON.stringify(pkg, null, 2)}\n`,
    'vite.config.ts': `${layout.external ? "import { defineConfig, remoteViteConfig } from '@atrium/plugin-kit/vite';" : `import { defineConfig } from 'vite';
import { remoteViteConfig } from '${layout.hostVite}';`}

// Built as every plugin remote is: what the console already has comes from it (host-web/vite/remote.ts).
export default defineConfig(remoteViteConfig('${n.remoteName}'));
`,
    'tsconfig.json': `${JSON.stringify({
      compilerOptions: {
        target: 'ES2022', lib: ['ES2022', 'DOM', 'DOM.Iterable'], module: 'ESNext', moduleResolution: 'Bundler',
        jsx: 'react-jsx', strict: true, skipLibCheck: true, esModuleInterop: true, isolatedModules: true, noEmit: true,
      },
      include: ['src', 'vite.config.ts'],
    }, null, 2)}\n`,
    'src/i18n.ts': `/** Merged into the console's i18next by the host before the page renders. */
export const messages = ${JSON.stringify(i18n, null, 2)};
`,
    'src/plugin.tsx': `import type { HostSdk, RemoteModule } from '@atrium/host-web/sdk';
import { ${n.pascal}Page } from './${n.pascal}Page';
import { messages } from './i18n';

/** './plugin': the console calls this once with its SDK (import only TYPES from '@atrium/host-web/sdk'). */
export default function ${n.camel}Remote(sdk: HostSdk): RemoteModule {
  const Page = () => <${n.pascal}Page sdk={sdk} />;
  return { routes: [{ path: '/${n.id}', Component: Page }], i18n: messages };
}
`,
    [`src/${n.pascal}Page.tsx`]: `import type { HostSdk } from '@atrium/host-web/sdk';
import type { ${item.type} } from '${layout.typesFromRemote}';
import { ${item.type}Dialog } from './${item.type}Dialog';

/**
 * /${n.id}: a list screen built from the console's blocks (sdk.ui): search, paged scrolling table, add / edit / delete,
 * live from company-{id}-${item.event}. The item's shape is the backend's (src/types.ts), imported as a type only.
 */
export function ${n.pascal}Page({ sdk }: { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const { ListPage, useListPage } = sdk.ui;
  const { list, dialog, props } = useListPage<${item.type}>({
    path: '/${n.id}/items', key: 'items', live: { name: '${item.event}', key: 'item' }, search: t('${n.camel}.search'),
    remove: { path: (row) => \`/${n.id}/items/\${row.id}\`, message: t('${n.camel}.deleteConfirm'), doneMessage: t('${n.camel}.deleted') },
  });
  return (
    <ListPage<${item.type}> testId="${n.id}" title={t('${n.camel}.title')} addLabel={t('${n.camel}.add')} {...props}
      columns={[
        { header: t('${n.camel}.name'), body: (row) => row.name },
        { header: t('${n.camel}.note'), body: (row) => row.note ?? '' },
      ]}>
      <${item.type}Dialog sdk={sdk} item={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
    </ListPage>
  );
}
`,
    [`src/${item.type}Dialog.tsx`]: `import type { HostSdk } from '@atrium/host-web/sdk';
import type { ${item.type} } from '${layout.typesFromRemote}';

/** Add / edit an item: the host's form dialog (Yup validation, the saved toast, API field errors under their field). */
export function ${item.type}Dialog({ sdk, item, visible, onHide, onSaved }: {
  sdk: HostSdk; item: ${item.type} | null; visible: boolean; onHide: () => void; onSaved: (saved: ${item.type}) => void;
}) {
  const { t } = sdk.useTranslation();
  const { FormDialog, TextField, useFormDialog, yup } = sdk.ui;
  const form = useFormDialog({
    initialValues: { name: item?.name ?? '', note: item?.note ?? '' },
    validationSchema: yup.object({ name: yup.string().trim().min(2, t('${n.camel}.nameShort')).max(100).required(t('${n.camel}.required')) }),
    save: ({ name, note }) => {
      const body = { name: name.trim(), note: note.trim() || null };
      return item ? sdk.api.put<${item.type}>(\`/${n.id}/items/\${item.id}\`, body) : sdk.api.post<${item.type}>('/${n.id}/items', body);
    },
    successMessage: t('${n.camel}.saved'), onSaved, onHide,
  });
  return (
    <FormDialog header={t(item ? '${n.camel}.titleEdit' : '${n.camel}.titleAdd')} visible={visible} onHide={onHide} form={form} testId="${n.id}-form">
      <TextField form={form} name="name" id="${n.id}-name" label={t('${n.camel}.name')} autoFocus />
      <TextField form={form} name="note" id="${n.id}-note" label={t('${n.camel}.note')} rows={3} />
    </FormDialog>
  );
}
`,
  };
}

/** The backend's tap test: the route answers with the flag, 403 without it. */
function testFile(n, layout) {
  const head = layout.external
    ? `import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, t } from '@atrium/plugin-kit';

/** This plugin's folder, loaded by its own path as PLUGINS_DIR would load it. */
const pluginDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const options = { extraPluginDirs: [pluginDir] };
`
    : `import t from 'tap';
import { build } from '${layout.helperImport}';

const options = {};
`;
  const item = itemNames(n);
  const settings = settingsNames(n);
  return `${head}
t.test('GET /api/${n.id}/hello answers a company whose plan has ${n.planFlag}', async (t) => {
  const { request, createTenant } = await build(t, options);
  const tenant = await createTenant('${n.title} Co', { ${n.planFlag}: true });
  const res = await request('GET', '/api/${n.id}/hello', { token: tenant.admin.token, query: { name: 'Ana' } });
  t.equal(res.status, 200);
  t.same(res.body, { message: 'hello Ana', companyId: tenant.companyId });
});

t.test('items are created, found by search, changed and deleted within the company', async (t) => {
  const { request, createTenant } = await build(t, options);
  const { admin } = await createTenant('${n.title} Items', { ${n.planFlag}: true });
  const created = await request('POST', '/api/${n.id}/items', { token: admin.token, body: { name: 'Printer', note: 'Second floor' } });
  t.equal(created.status, 200);
  t.match(created.body, { name: 'Printer', note: 'Second floor' });
  await request('POST', '/api/${n.id}/items', { token: admin.token, body: { name: 'Scanner' } });

  const found = await request('GET', '/api/${n.id}/items', { token: admin.token, query: { searchParam: 'print' } });
  t.same(found.body, { items: [{ id: created.body.id, name: 'Printer', note: 'Second floor' }], hasMore: false });

  const changed = await request('PUT', \`/api/${n.id}/items/\${created.body.id}\`, { token: admin.token, body: { name: 'Laser printer', note: null } });
  t.match(changed.body, { name: 'Laser printer', note: null });
  t.equal((await request('DELETE', \`/api/${n.id}/items/\${created.body.id}\`, { token: admin.token })).status, 200);
  const left = await request('GET', '/api/${n.id}/items', { token: admin.token });
  t.same(left.body.items.map((i: { name: string }) => i.name), ['Scanner']);
});

t.test('another company\\'s item is not found, and a short name is refused naming the field', async (t) => {
  const { request, createTenant } = await build(t, options);
  const owner = await createTenant('Owner Co', { ${n.planFlag}: true });
  const other = await createTenant('Other Co', { ${n.planFlag}: true });
  const { body: mine } = await request('POST', '/api/${n.id}/items', { token: owner.admin.token, body: { name: 'Mine' } });
  for (const [method, body] of [['PUT', { name: 'Taken' }], ['DELETE', undefined]] as const) {
    const res = await request(method, \`/api/${n.id}/items/\${mine.id}\`, { token: other.admin.token, body });
    t.equal(res.status, 404, method);
    t.equal(res.body.error, '${item.notFound}');
  }
  t.same((await request('GET', '/api/${n.id}/items', { token: other.admin.token })).body.items, []);
  const short = await request('POST', '/api/${n.id}/items', { token: owner.admin.token, body: { name: 'x' } });
  t.equal(short.status, 400);
  t.match(short.body, { error: 'ERR_VALIDATION', field: 'body/name' });
});

t.test('the API key is stored encrypted, answered masked, kept when the mask comes back, and set by admins only', async (t) => {
  const { app, request, createTenant, createUser } = await build(t, options);
  const tenant = await createTenant('${n.title} Keys Co', { ${n.planFlag}: true });
  const token = tenant.admin.token;
  const saved = await request('PUT', '/api/${n.id}/settings', { token, body: { apiKey: 'sk-test-0123456789abcd' } });
  t.equal(saved.status, 200);
  t.equal(saved.body.apiKey, 'sk-…abcd', 'answered masked');
  t.equal((await request('GET', '/api/${n.id}/settings', { token })).body.apiKey, 'sk-…abcd', 'read back masked');
  const stored = () => app.knex('${settings.table}').where({ companyId: tenant.companyId }).first();
  t.notMatch((await stored()).apiKey, /0123456789/, 'not stored in clear');

  await request('PUT', '/api/${n.id}/settings', { token, body: { apiKey: saved.body.apiKey } });
  t.equal(app.atrium.secrets.decrypt((await stored()).apiKey), 'sk-test-0123456789abcd', 'the mask sent back kept the key');

  const agent = await createUser(tenant.companyId);
  const refused = await request('PUT', '/api/${n.id}/settings', { token: agent.token, body: { apiKey: null } });
  t.equal(refused.status, 403);
  t.equal(refused.body.error, 'ERR_NO_PERMISSION');
  t.ok((await stored()).apiKey, 'a user who is not an admin cleared nothing');
});

t.test('the webhook answers without a session for a company\\'s token and refuses an unknown one', async (t) => {
  const { request, createTenant } = await build(t, options);
  const tenant = await createTenant('${n.title} Hook Co', { ${n.planFlag}: true });
  t.equal((await request('GET', '/api/${n.id}/settings', { token: tenant.admin.token })).body.webhookToken, null, 'no token before the settings are saved');
  const { body } = await request('PUT', '/api/${n.id}/settings', { token: tenant.admin.token, body: {} });
  t.match(body.webhookToken, /^[0-9a-f]{32}$/);
  const ok = await request('POST', \`/api/${n.id}/webhook/\${body.webhookToken}\`, { body: { event: 'ping' } });
  t.equal(ok.status, 200);
  t.same(ok.body, { received: true });
  const refused = await request('POST', '/api/${n.id}/webhook/not-a-token', { body: { event: 'ping' } });
  t.equal(refused.status, 401);
  t.equal(refused.body.error, 'ERR_INVALID_WEBHOOK_TOKEN');
});

t.test('a company without ${n.planFlag} gets 403 ERR_PLAN_FEATURE_DISABLED', async (t) => {
  const { request, createTenant } = await build(t, options);
  const tenant = await createTenant('No ${n.title} Co', { ${n.planFlag}: false });
  for (const path of ['/api/${n.id}/hello', '/api/${n.id}/items', '/api/${n.id}/settings']) {
    const res = await request('GET', path, { token: tenant.admin.token });
    t.equal(res.status, 403, path);
    t.equal(res.body.error, 'ERR_PLAN_FEATURE_DISABLED');
  }
});
`;
}
