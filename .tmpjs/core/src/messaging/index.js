import fp from "fastify-plugin";
import { sessionsPlugin } from "./sessions-plugin.js";
import { pipelinePlugin } from "./pipeline-plugin.js";
const messagingPlugin = fp(async (app) => {
  await app.register(sessionsPlugin);
  await app.register(pipelinePlugin);
}, { name: "messaging", dependencies: ["bus", "jobs", "storage", "tenancy"] });
export {
  messagingPlugin
};
