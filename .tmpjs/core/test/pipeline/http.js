import { io as connect } from "socket.io-client";
import { Whatsapp } from "../../src/db/models/index.js";
async function waitFor(check, ms = 5e3, what = "condition") {
  const until = Date.now() + ms;
  for (; ; ) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
async function connectedSandbox(app) {
  const wa = await Whatsapp.scoped(1).where({ isDefault: true }).first();
  await waitFor(() => {
    try {
      return app.sessions.provider(wa.id);
    } catch {
      return void 0;
    }
  }, 5e3, "sandbox connected");
  return wa;
}
async function socketFor(t, app, token) {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address();
  const socket = connect(`http://127.0.0.1:${port}`, { path: "/socket.io", query: { token }, transports: ["websocket"], reconnection: false });
  t.teardown(() => {
    socket.close();
  });
  await new Promise((resolve, reject) => {
    socket.on("connect", () => resolve());
    socket.on("connect_error", reject);
  });
  return socket;
}
function multipart(parts) {
  const boundary = `----atrium${Math.random().toString(16).slice(2)}`;
  const chunks = [];
  for (const part of parts) {
    const head = "filename" in part ? `--${boundary}\r
Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r
Content-Type: ${part.type}\r
\r
` : `--${boundary}\r
Content-Disposition: form-data; name="${part.name}"\r
\r
`;
    chunks.push(Buffer.from(head), "filename" in part ? part.data : Buffer.from(part.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r
`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082", "hex");
export {
  PNG,
  connectedSandbox,
  multipart,
  socketFor,
  waitFor
};
