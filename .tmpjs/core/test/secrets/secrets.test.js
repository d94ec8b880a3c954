import t from "tap";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "../helper.js";
import { loadConfig } from "../../src/config/index.js";
import { createSecrets } from "../../src/secrets/index.js";
import { redactUrl } from "../../src/secrets/logging.js";
import { fakeServer } from "../outbound-http/fakes.js";
import { socketFor, waitFor } from "../pipeline/http.js";
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/plugins");
const KEY = randomBytes(32).toString("base64");
const CLEAR = "sk-live-Zq7XwT4mV9pL2cR8";
t.test("encrypt/decrypt: AES-256-GCM with a fresh IV; an altered value or another key cannot be read", async (t2) => {
  const secrets = createSecrets(KEY);
  const a = secrets.encrypt(CLEAR);
  const b = secrets.encrypt(CLEAR);
  t2.match(a, /^enc:v1:/);
  t2.not(a, b, "the same value encrypts differently each time");
  t2.notMatch(a, /Zq7X/, "the clear value is not in the stored one");
  t2.equal(secrets.decrypt(a), CLEAR);
  const at = a.length - 2;
  const tampered = a.slice(0, at) + (a[at] === "A" ? "B" : "A") + a.slice(at + 1);
  t2.not(tampered, a, "the value was altered");
  t2.throws(() => secrets.decrypt(tampered), "an altered value is refused");
  t2.throws(() => createSecrets(randomBytes(32).toString("hex")).decrypt(a), "another key cannot read it");
  t2.throws(() => createSecrets("too-short"), /SECRETS_KEY must be 32 random bytes/);
});
t.test("mask shows a kind prefix and the last four characters of long values, nothing of short ones", async (t2) => {
  const secrets = createSecrets(KEY);
  t2.equal(secrets.mask("sk-proj-0123456789abcdefabcd"), "sk-\u2026abcd");
  t2.equal(secrets.mask("0123456789ABCDEFwxyz"), "\u2026wxyz");
  t2.equal(secrets.mask("short-key"), "\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022");
  t2.equal(secrets.mask(""), "");
  t2.equal(secrets.maskStored(secrets.encrypt("sk-proj-0123456789abcdefabcd")), "sk-\u2026abcd", "a stored value is masked from its clear text");
  t2.equal(createSecrets(randomBytes(32).toString("base64")).maskStored(secrets.encrypt(CLEAR)), "\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022", "unreadable: nothing shown, no error");
});
t.test("keepSecretIfMasked: the mask or a missing field keeps the stored value, a new value replaces it, empty clears it", async (t2) => {
  const secrets = createSecrets(KEY);
  const stored = secrets.encrypt(CLEAR);
  t2.equal(secrets.keepSecretIfMasked(secrets.mask(CLEAR), stored), stored, "the mask sent back keeps it");
  t2.equal(secrets.keepSecretIfMasked(void 0, stored), stored, "left out keeps it");
  t2.equal(secrets.keepSecretIfMasked("", stored), null, "empty clears it");
  t2.equal(secrets.keepSecretIfMasked(null, stored), null, "null clears it");
  const replaced = secrets.keepSecretIfMasked("sk-live-NEWVALUE0000000", stored);
  t2.equal(secrets.decrypt(replaced), "sk-live-NEWVALUE0000000", "a new value is encrypted");
  t2.equal(secrets.decrypt(secrets.keepSecretIfMasked("sk-\u2026R8", void 0)), "sk-\u2026R8", "with nothing stored, even a mask-looking value is a value");
  const legacy = "azvoice-stored-in-clear-0001";
  const sealed = secrets.keepSecretIfMasked(secrets.mask(legacy), legacy);
  t2.ok(secrets.isEncrypted(sealed) && secrets.decrypt(sealed) === legacy, "a value stored in clear (before its field was a secret) is sealed when its mask comes back");
});
t.test("the key comes from SECRETS_KEY, else is generated once into DATA_DIR/secrets.json beside the JWT secrets", async (t2) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "atrium-keys-"));
  t2.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const first = loadConfig({ DATA_DIR: dataDir });
  const file = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8"));
  t2.equal(file.secretsKey, first.secretsKey, "generated and kept");
  t2.ok(file.secret && file.refreshSecret, "the JWT secrets are still kept");
  t2.equal(loadConfig({ DATA_DIR: dataDir }).secretsKey, first.secretsKey, "the same key after a restart");
  const fromEnv = loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: KEY });
  t2.equal(fromEnv.secretsKey, KEY, "SECRETS_KEY wins");
  t2.equal(JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")).secretsKey, first.secretsKey, "and is never written to disk");
  t2.ok(existsSync(path.join(dataDir, "secrets.json")));
});
t.test("a secret saved through a plugin route is stored encrypted, answered masked, kept when the mask comes back, and used in clear only when calling out", async (t2) => {
  const seen = [];
  const server = await fakeServer(t2, (req, res) => {
    seen.push(String(req.headers.authorization));
    res.setHeader("content-type", "application/json");
    res.end('{"pong":true}');
  });
  const { request, app, createTenant } = await build(t2, { extraPluginDirs: [fixtures], config: { allowPrivateUrls: true } });
  const tenant = await createTenant("Keys Co", { useRelay: true });
  const token = tenant.admin.token;
  const saved = await request("PUT", "/api/relay/settings", { token, body: { url: `${server.url}/hook`, apiKey: CLEAR } });
  t2.equal(saved.status, 200);
  t2.equal(saved.body.apiKey, `sk-\u2026${CLEAR.slice(-4)}`, "the answer carries the mask");
  const row = await app.knex("relaySettings").where({ companyId: tenant.companyId }).first();
  t2.match(row.apiKey, /^enc:v1:/, "stored encrypted");
  t2.notMatch(row.apiKey, new RegExp(CLEAR), "the clear value is not in the database");
  const read = await request("GET", "/api/relay/settings", { token });
  t2.equal(read.body.apiKey, saved.body.apiKey, "reading shows the mask too");
  const again = await request("PUT", "/api/relay/settings", { token, body: { url: `${server.url}/hook2`, apiKey: read.body.apiKey } });
  t2.equal(again.status, 200);
  const kept = await app.knex("relaySettings").where({ companyId: tenant.companyId }).first();
  t2.equal(app.atrium.secrets.decrypt(kept.apiKey), CLEAR, "the mask sent back kept the stored key");
  const ping = await request("POST", "/api/relay/ping", { token });
  t2.equal(ping.status, 200);
  t2.same(seen, [`Bearer ${CLEAR}`], "the plugin called out with the clear key");
});
t.test("a saved secret never reaches the log or the socket frames", async (t2) => {
  const lines = [];
  const { request, app, createTenant } = await build(t2, {
    extraPluginDirs: [fixtures],
    config: { allowPrivateUrls: true },
    logger: { level: "trace", stream: { write: (line) => {
      lines.push(line);
    } } }
  });
  const tenant = await createTenant("Quiet Co", { useRelay: true });
  const socket = await socketFor(t2, app, tenant.admin.token);
  const frames = [];
  socket.io.engine.on("packet", (packet) => {
    frames.push(typeof packet.data === "string" ? packet.data : JSON.stringify(packet.data ?? ""));
  });
  const saved = await request("PUT", `/api/relay/settings?token=${CLEAR}`, { token: tenant.admin.token, body: { url: "http://127.0.0.1:9/hook", apiKey: CLEAR } });
  t2.equal(saved.status, 200);
  await waitFor(() => frames.some((f) => f.includes("relaySettings")), 15e3, "the settings event");
  t2.ok(lines.some((l) => l.includes("relay settings saved") && l.includes("[redacted]")), "the plugin logged the body, with apiKey redacted");
  t2.ok(lines.some((l) => l.includes("/api/relay/settings")), "the request was logged");
  t2.same(lines.filter((l) => l.includes(CLEAR)), [], "no log line holds the clear value (body field, query string)");
  t2.ok(frames.some((f) => f.includes("relaySettings") && f.includes("\u2026")), "the event carries the masked value");
  t2.same(frames.filter((f) => f.includes(CLEAR)), [], "no socket frame holds the clear value");
});
t.test("request URLs are logged with credential-looking query values hidden", async (t2) => {
  t2.equal(redactUrl("/api/x?token=abc&page=2&api_key=zzz"), "/api/x?token=[redacted]&page=2&api_key=[redacted]");
  t2.equal(redactUrl("/api/x?pageNumber=1"), "/api/x?pageNumber=1");
});
