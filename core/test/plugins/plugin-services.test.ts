import t from 'tap';
import { pluginServices, type CoreServices } from '../../src/sdk/services.js';
import { build } from '../helper.js';

t.test('a plugin reads the pipeline\'s services without a guard: each is set before any plugin registers', async (t) => {
  const { app } = await build(t);
  const services = pluginServices(app.atrium.services);
  for (const name of ['tickets', 'messages', 'responderFailures', 'templates'] as const) t.ok(services[name], `sdk.services.${name} is there`);
  t.equal(typeof services.messages.send, 'function');
});

t.test('a core domain that did not start stops the plugins\' registration, naming what is missing', async (t) => {
  const partial = { tickets: {}, responderFailures: {} } as unknown as CoreServices;
  t.throws(() => pluginServices(partial), { message: /sdk\.services\.messages, templates not set/ });
});
