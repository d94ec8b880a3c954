import t from "tap";
import { build } from "../helper.js";
t.test("an event emitted while the server closes is dropped without an error", async (t2) => {
  const { app } = await build(t2);
  const closing = app.close();
  await closing;
  t2.doesNotThrow(() => {
    app.bus.emit(1, "contact", { action: "update", contact: { id: 1 } });
    app.bus.emitToUser(1, 1, "notification", {});
    app.bus.broadcast("version", {});
  });
  await new Promise((r) => setTimeout(r, 200));
});
