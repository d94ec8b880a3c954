import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyPluginOutside, pluginServer, t, waitUntil } from '../src/index.js';

/**
 * The kit's example (docs/plugins.md "The plugin kit"), in a real server process loaded through PLUGINS_DIR from a
 * temporary folder: the "order shipped" notice is a durable job, so a server killed without warning (SIGKILL)
 * between the shop's report and the notice tells the customer once the next server starts on the same data.
 */
const plugin = copyPluginOutside(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../examples/order-status'));
t.teardown(() => rmSync(path.dirname(plugin), { recursive: true, force: true }));

const NOTICE = 'Seu pedido 1234 foi enviado.';
const PHONE = '5511987650001';
const sign = (secret: string, raw: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

t.test('the shipped notice survives a SIGKILL: killed before it went out, the next start tells the customer exactly once', async (t) => {
  // The notice waits 10 spec minutes after the report: 12 s here, time enough to kill the server before it runs.
  const server = pluginServer(t, { plugin, timeScale: 0.02 });
  const first = await server.start();
  const made = await first.api('POST', '/api/order-status/settings/secret', {});
  t.equal(made.status, 200, 'the admin makes the webhook\'s secret');
  const report = async (status: string) => {
    const raw = JSON.stringify({ number: '1234', status, phone: PHONE });
    const res = await fetch(`${first.url}${new URL(made.body.webhookUrl).pathname}`, {
      method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'x-signature': sign(made.body.secret, raw) },
    });
    return res.status;
  };
  t.equal(await report('received'), 200);
  t.equal(await report('shipped'), 200, 'the shop reports the shipment through its signed webhook');

  // What the customer's phone received: the sandbox network's outbox.
  const notices = async () => Number((await server.db()('sandboxOutbox').where({ body: NOTICE }).where('to', 'like', `${PHONE}%`).count({ n: '*' }).first())?.n);
  await first.stop('SIGKILL');
  t.equal(await notices(), 0, 'killed before the notice went out');

  const second = await server.start();
  await waitUntil(async () => (await notices()) > 0, 90_000, 'the notice after the restart');
  await new Promise((r) => setTimeout(r, 1500)); // room for a wrong second notice to show
  await second.stop('SIGTERM');
  t.equal(await notices(), 1, 'the customer is told once');
  const order = await server.db()('orderStatusOrders').where({ number: '1234' }).first();
  t.ok(order.shippedNoticeAt, 'the order records the notice');
});
