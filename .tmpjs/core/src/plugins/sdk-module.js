import { register } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";
const SDK_MODULE = pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../sdk/index.ts")).href;
const SDK_NAME = /^@atrium\/core(\/sdk)?$/;
let registered = false;
function resolveSdkModuleForPlugins() {
  if (registered) return;
  registered = true;
  const hook = `const name = ${SDK_NAME.toString()}; const url = ${JSON.stringify(SDK_MODULE)};
export async function resolve(specifier, context, next) {
  return next(name.test(specifier) ? url : specifier, context);
}`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}
export {
  resolveSdkModuleForPlugins
};
