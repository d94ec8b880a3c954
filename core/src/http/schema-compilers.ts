import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { dropUnknownBodyFields } from './unknown-fields.js';

type ValidatorFactory = ReturnType<typeof AjvCompiler>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * A compiled function made on its first call, for test apps: Fastify compiles every route's schemas when the app
 * starts, and a test file calls few of its app's routes. A server compiles them all at start (a bad schema stops it
 * there, and no request pays for a wrapper). Validators report their errors on the function (`.errors`, read by
 * Fastify after a `false`).
 */
function onFirstCall<Compiled>(compile: () => Compiled): Compiled {
  let fn: (((...args: unknown[]) => unknown) & { errors?: unknown }) | undefined;
  const lazy = function (this: unknown, ...args: unknown[]) {
    fn ??= compile() as unknown as typeof fn & object;
    const result = fn.apply(this, args);
    (lazy as { errors?: unknown }).errors = fn.errors;
    return result;
  };
  return lazy as unknown as Compiled;
}

/**
 * Wraps a compiler so that schemas with the same content share one compiled function, per compiler options.
 * Content, not object identity: many routes build their schemas inline, so each app has new objects for them.
 * (JSON drops TypeBox's symbol keys, which neither Ajv nor fast-json-stringify reads.)
 */
function byContent<Route extends { schema?: unknown }, Compiled>(compiled: Map<string, Compiled>, compile: (route: Route) => Compiled, lazy: boolean) {
  return (route: Route): Compiled => {
    if (!route.schema || typeof route.schema !== 'object') return compile(route);
    const key = JSON.stringify(route.schema);
    let fn = compiled.get(key);
    if (!fn) compiled.set(key, (fn = lazy ? onFirstCall(() => compile(route)) : compile(route)));
    return fn;
  };
}

/** One cache of compiled functions per set of compiler options (the app's Ajv options, external schemas). */
function pooled<Options extends unknown[], Route extends { schema?: unknown }, Compiled>(factory: (...options: Options) => (route: Route) => Compiled, lazy: boolean) {
  const pools = new Map<string, (route: Route) => Compiled>();
  return (...options: Options) => {
    const key = JSON.stringify(options);
    let compile = pools.get(key);
    if (!compile) pools.set(key, (compile = byContent(new Map(), factory(...options), lazy)));
    return compile;
  };
}

/**
 * The compilers Fastify turns route schemas into validators and serializers with, shared by every app this
 * process builds. One server builds one app, so sharing changes nothing there; the tests build hundreds, and
 * compiling ~300 routes' schemas was two thirds of each build. Body schemas are compiled closed: unknown
 * fields are dropped (unknown-fields.ts). `lazy` (test apps): each compiled on its first call.
 */
function sharedCompilers(lazy: boolean) {
  return {
    // Outside the pool: the cache then keys on the closed body schema, never sharing it with an open one.
    buildValidator: dropUnknownBodyFields(pooled(AjvCompiler(), lazy)) as ValidatorFactory,
    buildSerializer: pooled(SerializerSelector(), lazy) as SerializerFactory,
  };
}

export const sharedSchemaCompilers = sharedCompilers(false);
export const lazySchemaCompilers = sharedCompilers(true);
