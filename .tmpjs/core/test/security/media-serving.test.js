import t from "tap";
import { createRequire } from "node:module";
import { build } from "../helper.js";
import { INLINE_MEDIA_EXTENSIONS, MEDIA_LIMITS } from "../../src/storage/index.js";
const require2 = createRequire(import.meta.url);
const MIME_TABLES = [require2("mime/types/standard.js"), require2("mime/types/other.js")];
const SAFE_INLINE = /^(image\/(png|jpeg|gif|webp)|audio\/[\w.+-]+|video\/[\w.+-]+)(;|$)/;
t.test("every accepted media type is served as an attachment unless it is a safe image, audio or video", async (t2) => {
  const { app } = await build(t2);
  const accepted = MIME_TABLES.flatMap((table) => Object.entries(table)).filter(([type]) => MEDIA_LIMITS.allowed.test(type));
  const names = accepted.flatMap(([type, extensions]) => extensions.map((ext) => ({ type, name: `probe.${ext}` })));
  for (const ext of ["html", "svg", "xml", "js", "pdf", "noext"]) names.push({ type: "image/png", name: ext === "noext" ? "probe" : `probe.${ext}` });
  t2.ok(accepted.some(([type]) => type === "application/pdf") && names.length > 100, `${accepted.length} accepted types, ${names.length} file names`);
  const wrong = [];
  let inline = 0;
  for (const { type, name } of names) {
    const stored = await app.storage.save(1, Buffer.from("probe"), { filename: name, mimetype: type });
    const res = await app.inject({ method: "GET", url: new URL(stored.url, "http://x").pathname });
    const served = String(res.headers["content-type"] ?? "");
    const attachment = /^attachment/i.test(String(res.headers["content-disposition"] ?? ""));
    const csp = String(res.headers["content-security-policy"] ?? "");
    if (res.statusCode !== 200) wrong.push(`${name} (${type}) \u2192 ${res.statusCode}`);
    else if (res.headers["x-content-type-options"] !== "nosniff") wrong.push(`${name} (${type}) \u2192 sniffable`);
    else if (!/(^|;)\s*sandbox\s*(;|$)/.test(csp)) wrong.push(`${name} (${type}) \u2192 no sandbox CSP: ${csp}`);
    else if (!attachment && !SAFE_INLINE.test(served)) wrong.push(`${name} (${type}) served inline as ${served}`);
    else if (attachment && INLINE_MEDIA_EXTENSIONS.some((ext) => name.endsWith(`.${ext}`))) wrong.push(`${name} (${type}) is a download, the documented inline list says inline`);
    if (!attachment) inline++;
  }
  t2.same(wrong, [], "inline only for safe images, audio and video; every answer nosniff and sandboxed");
  t2.ok(inline > 0, `${inline} of ${names.length} names served inline`);
});
