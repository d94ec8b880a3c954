import t from "tap";
import { pluginServices } from "../../src/sdk/services.js";
import { build } from "../helper.js";
t.test("a plugin reads the pipeline's services without a guard: each is set before any plugin registers", async (t2) => {
  const { app } = await build(t2);
  const services = pluginServices(app.atrium.services);
  for (const name of ["tickets", "messages", "responderFailures", "whatsappCloud"]) t2.ok(services[name], `sdk.services.${name} is there`);
  t2.equal(typeof services.messages.send, "function");
});
t.test("a core domain that did not start stops the plugins' registration, naming what is missing", async (t2) => {
  const partial = { tickets: {}, responderFailures: {} };
  t2.throws(() => pluginServices(partial), { message: /sdk\.services\.messages, whatsappCloud not set/ });
});
