import AjvCompiler from "@fastify/ajv-compiler";
import SerializerSelector from "@fastify/fast-json-stringify-compiler";
import { dropUnknownBodyFields } from "./unknown-fields.js";
function onFirstCall(compile) {
  let fn;
  const lazy = function(...args) {
    fn ??= compile();
    const result = fn.apply(this, args);
    lazy.errors = fn.errors;
    return result;
  };
  return lazy;
}
function byContent(compiled, compile, lazy) {
  return (route) => {
    if (!route.schema || typeof route.schema !== "object") return compile(route);
    const key = JSON.stringify(route.schema);
    let fn = compiled.get(key);
    if (!fn) compiled.set(key, fn = lazy ? onFirstCall(() => compile(route)) : compile(route));
    return fn;
  };
}
function pooled(factory, lazy) {
  const pools = /* @__PURE__ */ new Map();
  return (...options) => {
    const key = JSON.stringify(options);
    let compile = pools.get(key);
    if (!compile) pools.set(key, compile = byContent(/* @__PURE__ */ new Map(), factory(...options), lazy));
    return compile;
  };
}
function sharedCompilers(lazy) {
  return {
    // Outside the pool: the cache then keys on the closed body schema, never sharing it with an open one.
    buildValidator: dropUnknownBodyFields(pooled(AjvCompiler(), lazy)),
    buildSerializer: pooled(SerializerSelector(), lazy)
  };
}
const sharedSchemaCompilers = sharedCompilers(false);
const lazySchemaCompilers = sharedCompilers(true);
export {
  lazySchemaCompilers,
  sharedSchemaCompilers
};
