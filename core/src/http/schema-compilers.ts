import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;

const buildSerializer = SerializerSelector();
/** Serializers per response schema object, then per the app's serializer options (as JSON). */
const serializers = new WeakMap<object, Map<string, Serializer>>();

/**
 * Keeps each response schema's serializer, as Ajv keeps each validator: keyed by the schema object itself,
 * which the routes define once per module, so the same schema in another app is not compiled again.
 */
const cachingSerializerFactory: SerializerFactory = (externalSchemas, options) => {
  const compile = buildSerializer(externalSchemas, options);
  const optionsKey = JSON.stringify({ externalSchemas, options });
  return (route) => {
    const schema = route.schema;
    if (!schema || typeof schema !== 'object') return compile(route);
    let byOptions = serializers.get(schema);
    if (!byOptions) serializers.set(schema, (byOptions = new Map()));
    let serializer = byOptions.get(optionsKey);
    if (!serializer) byOptions.set(optionsKey, (serializer = compile(route)));
    return serializer;
  };
};

/**
 * The compilers Fastify turns route schemas into validators and serializers with, shared by every app this
 * process builds. One server builds one app, so this changes nothing there; the tests build hundreds, and
 * compiling ~300 routes' schemas was two thirds of each build.
 */
export const sharedSchemaCompilers = { buildValidator: AjvCompiler(), buildSerializer: cachingSerializerFactory };
