import { register } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

/**
 * `import { Type } from '@atrium/core/sdk'` in a plugin that lives outside this repository (PLUGINS_DIR, the kit's
 * copies) finds no such package beside it: its only run-time import from the core must come from the core that
 * runs it, as the SDK object does. So, under tsx (dev, tests), the core resolves that name itself, for every
 * importer, to its own SDK module (types and TypeBox's Type). Compiled, each plugin's backend has that module bundled
 * in (core/scripts/build-server.mjs) and needs nothing here.
 */
const SDK_MODULE = pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../sdk/index.ts')).href;
const SDK_NAME = /^@atrium\/core(\/sdk)?$/;

let registered = false;

export function resolveSdkModuleForPlugins(): void {
  if (registered) return;
  registered = true;
  // A resolve hook as a data: URL, so the hooks thread loads it without TypeScript. The name becomes the module's
  // file URL and goes on down the chain, so tsx's own resolve marks it TypeScript for its loader.
  const hook = `const name = ${SDK_NAME.toString()}; const url = ${JSON.stringify(SDK_MODULE)};
export async function resolve(specifier, context, next) {
  return next(name.test(specifier) ? url : specifier, context);
}`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}
