/**
 * The files of a new plugin, as { relative path: content }. `layout` says where the backend and
 * the remote live relative to each other and to the repo (see index.mjs).
 */
export function backendFiles(n, layout) {
  const manifest = {
    $schema: layout.schemaPath,
    id: n.id,
    version: '0.1.0',
    title: `${n.camel}.title`,
    description: `${n.title}: describe what this plugin adds.`,
    core: layout.coreRange,
    planFlag: n.planFlag,
    backend: { entry: 'src/index.ts' },
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
    permissions: [],
    events: [],
  };
  const pkg = {
    name: layout.external ? `atrium-plugin-${n.id}` : `@atrium/plugin-${n.id}`,
    version: '0.1.0',
    private: true,
    type: 'module',
    scripts: { test: `cd ${layout.repoFromBackend} && tap ${layout.testGlob}` },
  };

  return {
    'plugin.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'package.json': `${JSON.stringify(pkg, null, 2)}\n`,
    'src/index.ts': `import type { AtriumPlugin, TypeBoxTypeProvider } from '@atrium/core/sdk';

/**
 * ${n.title}: the backend entry. The core calls this factory with its SDK and registers the
 * returned Fastify plugin under /api/${n.id}, every route authenticated and guarded by the
 * ${n.planFlag} plan flag. Import only TYPES from '@atrium/core/sdk': the SDK object is handed in.
 */
const ${n.camel}Plugin: AtriumPlugin = (sdk) => async (scope) => {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const T = sdk.Type;

  app.get('/hello', {
    schema: {
      tags: ['${n.id}'],
      querystring: T.Object({ name: T.Optional(T.String({ minLength: 1, maxLength: 50 })) }),
      response: { 200: T.Object({ message: T.String(), companyId: T.Integer() }) },
    },
  }, async (request) => {
    const { companyId } = request.user;
    // Tenant data: query with sdk.models.<Model>.scoped(companyId); announce changes with sdk.bus.emit(companyId, '<entity>', …).
    return { message: \`hello \${request.query.name ?? 'world'}\`, companyId };
  });
};

export default ${n.camel}Plugin;
`,
    [`test/${n.id}.test.ts`]: testFile(n, layout),
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
  const strings = {
    pt: { title: n.title, hello: `Olá! Esta é a página do plugin ${n.title}.` },
    en: { title: n.title, hello: `Hello! This is the ${n.title} plugin's page.` },
    es: { title: n.title, hello: `¡Hola! Esta es la página del plugin ${n.title}.` },
  };
  const i18n = Object.fromEntries(Object.entries(strings).map(([lang, s]) => [lang, { [n.camel]: s }]));

  return {
    'package.json': `${JSON.stringify(pkg, null, 2)}\n`,
    'vite.config.ts': `import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';

/** Shared with the console as singletons; import: false = always the host's copy, never downloaded twice. */
const fromHost = { singleton: true, import: false as const };

export default defineConfig({
  base: './',
  plugins: [
    react(),
    federation({
      name: '${n.remoteName}',
      filename: 'remoteEntry.js',
      exposes: { './plugin': './src/plugin.tsx' },
      dts: false,
      shared: {
        react: fromHost,
        'react/jsx-runtime': fromHost,
        'react-dom': fromHost,
        'react-router-dom': fromHost,
        'primereact/': fromHost,
        i18next: fromHost,
        'react-i18next': fromHost,
      },
    }),
  ],
  build: { outDir: 'dist', target: 'esnext', emptyOutDir: true, rollupOptions: { input: './src/plugin.tsx' } },
});
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
    [`src/${n.pascal}Page.tsx`]: `import { useEffect, useState } from 'react';
import { Card } from 'primereact/card';
import type { HostSdk } from '@atrium/host-web/sdk';

export function ${n.pascal}Page({ sdk }: { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const [reply, setReply] = useState<string>('');
  useEffect(() => {
    sdk.api.get<{ message: string }>('/${n.id}/hello').then((r) => setReply(r.message), (err) => sdk.toast.error(err));
  }, [sdk]);
  return (
    <div className="p-3">
      <Card title={t('${n.camel}.title')}>
        <p>{t('${n.camel}.hello')}</p>
        <small data-testid="${n.id}-reply">{reply}</small>
      </Card>
    </div>
  );
}
`,
  };
}

/** The backend's tap test: the route answers with the flag, 403 without it. */
function testFile(n, layout) {
  const head = layout.external
    ? `import t from 'tap';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '${layout.helperImport}';

/** The folder holding this plugin: scanned like PLUGINS_DIR (only the repo's plugins/ is scanned by default). */
const pluginsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const options = { extraPluginDirs: [pluginsDir] };
`
    : `import t from 'tap';
import { build } from '${layout.helperImport}';

const options = {};
`;
  return `${head}
t.test('GET /api/${n.id}/hello answers a company whose plan has ${n.planFlag}', async (t) => {
  const { request, createTenant } = await build(t, options);
  const tenant = await createTenant('${n.title} Co', { ${n.planFlag}: true });
  const res = await request('GET', '/api/${n.id}/hello', { token: tenant.admin.token, query: { name: 'Ana' } });
  t.equal(res.status, 200);
  t.same(res.body, { message: 'hello Ana', companyId: tenant.companyId });
});

t.test('a company without ${n.planFlag} gets 403 ERR_PLAN_FEATURE_DISABLED', async (t) => {
  const { request, createTenant } = await build(t, options);
  const tenant = await createTenant('No ${n.title} Co', { ${n.planFlag}: false });
  const res = await request('GET', '/api/${n.id}/hello', { token: tenant.admin.token });
  t.equal(res.status, 403);
  t.equal(res.body.error, 'ERR_PLAN_FEATURE_DISABLED');
});
`;
}
