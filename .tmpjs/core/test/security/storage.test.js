import t from "tap";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { createLocalStorage } from "../../src/storage/index.js";
function filesUnder(root) {
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}
function freshStorage(t2) {
  const root = mkdtempSync(path.join(os.tmpdir(), "atrium-storage-"));
  t2.teardown(() => rmSync(root, { recursive: true, force: true }));
  return { root, storage: createLocalStorage(root, "http://localhost") };
}
const meta = { filename: "photo.png", mimetype: "image/png" };
t.test("a stream that fails before its first byte leaves no file, however early the failure", async (t2) => {
  const { root, storage } = freshStorage(t2);
  for (let i = 0; i < 50; i++) {
    const cut = new PassThrough();
    process.nextTick(() => cut.destroy(new Error("Unexpected end of form")));
    await t2.rejects(storage.save(1, cut, meta), /Unexpected end of form/);
  }
  t2.same(filesUnder(root), [], "nothing left behind");
});
t.test("maxBytes refuses a larger file with ERR_FILE_TOO_LARGE while it streams, and keeps nothing of it", async (t2) => {
  const { root, storage } = freshStorage(t2);
  let pulled = 0;
  const endless = new Readable({ read() {
    pulled++;
    this.push(Buffer.alloc(64 * 1024, 1));
  } });
  await t2.rejects(storage.save(1, endless, { ...meta, maxBytes: 1024 * 1024 }), { code: "ERR_FILE_TOO_LARGE", statusCode: 400, details: { max: 1 } });
  t2.ok(pulled < 40, `the stream was cut off near the limit (${pulled} chunks of 64 KiB read)`);
  await t2.rejects(storage.save(1, Buffer.alloc(2048), { ...meta, maxBytes: 2047 }), { code: "ERR_FILE_TOO_LARGE" }, "a buffer over the limit too");
  t2.same(filesUnder(root), [], "nothing left behind");
  const exact = await storage.save(1, Readable.from([Buffer.alloc(1e3), Buffer.alloc(24)]), { ...meta, maxBytes: 1024 });
  t2.equal(exact.size, 1024, "a file of exactly maxBytes is kept whole");
  t2.same(filesUnder(root), [exact.key], "stored under its key");
});
