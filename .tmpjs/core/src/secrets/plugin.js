import fp from "fastify-plugin";
import { hasSecret } from "./schema.js";
function responseSchema(reply) {
  const responses = reply.request.routeOptions.schema?.response;
  if (!responses) return void 0;
  const status = String(reply.statusCode);
  return responses[status] ?? responses[`${status[0]}xx`] ?? responses.default;
}
const secretsPlugin = fp(async (app, opts) => {
  app.addHook("preSerialization", async (_request, reply, payload) => {
    const schema = responseSchema(reply);
    if (!hasSecret(schema)) return payload;
    return opts.secrets.redact(schema, payload);
  });
}, { name: "secrets" });
export {
  secretsPlugin
};
