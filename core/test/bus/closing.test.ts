import t from 'tap';
import { build } from '../helper.js';

// Work still in flight when the server closes (a provider's late ack, a job finishing) emits after the
// bus's Redis clients have quit: that must be dropped quietly, not become an unhandled rejection.
t.test('an event emitted while the server closes is dropped without an error', async (t) => {
  const { app } = await build(t);
  const closing = app.close();
  await closing;
  t.doesNotThrow(() => {
    app.bus.emit(1, 'contact', { action: 'update', contact: { id: 1 } });
    app.bus.emitToUser(1, 1, 'notification', {});
    app.bus.broadcast('version', {});
  });
  await new Promise((r) => setTimeout(r, 200)); // an unhandled rejection would fail the test here
});
