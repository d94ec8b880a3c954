import t from "tap";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { xlsxInput } from "../../src/sheets/zip-input.js";
import { readSheet, writeSheet } from "../../src/sheets/index.js";
const require2 = createRequire(import.meta.url);
const unzip = createRequire(require2.resolve("exceljs"))("unzipper");
async function sheetFile(t2, rows) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "atrium-zip-"));
  t2.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "sheet.xlsx");
  writeFileSync(file, await writeSheet("contacts", rows));
  return file;
}
async function entriesReadAtEnd(file, guarded) {
  const zip = unzip.Parse({ forceStream: true });
  const read = [];
  let readAtEnd;
  zip.on("end", () => {
    readAtEnd ??= read.length;
  });
  const finished = once(zip, "finish");
  (guarded ? xlsxInput(file) : (await import("node:fs")).createReadStream(file)).pipe(zip);
  await finished;
  const ended = once(zip, "end");
  zip.on("data", (entry) => {
    read.push(entry.path);
    entry.autodrain();
  });
  await ended;
  return { readAtEnd, read };
}
t.test("the unzip stream of an .xlsx ends only after the entries it already parsed have been read", async (t2) => {
  const file = await sheetFile(t2, [["name", "number"], ["Ana", "5511900000001"]]);
  const bare = await entriesReadAtEnd(file, false);
  t2.ok(bare.readAtEnd < bare.read.length, `unguarded, unzipper ends with entries unread (${bare.readAtEnd} of ${bare.read.length}): the reason for the guard`);
  const guarded = await entriesReadAtEnd(file, true);
  t2.equal(guarded.readAtEnd, guarded.read.length, "guarded, every entry is read before the end");
  t2.ok(guarded.read.includes("xl/sharedStrings.xml"));
  t2.ok(guarded.read.indexOf("xl/worksheets/sheet1.xml") < guarded.read.indexOf("xl/sharedStrings.xml"), "the worksheet comes before its strings, as exceljs and Excel write them");
});
t.test("an .xlsx whose worksheet comes before its shared strings reads with its texts", async (t2) => {
  const file = await sheetFile(t2, [["name", "number", "email"], ["Maria Silva", "5511999990001", "maria@example.com"], ["Jo\xE3o", "5521988880002", ""]]);
  const reads = await Promise.all(Array.from({ length: 20 }, async () => {
    const rows = [];
    await readSheet(file, { headers: { name: "name", number: "number", email: "email" }, required: ["number"], onBatch: async (batch) => {
      rows.push(...batch);
    } });
    return rows;
  }));
  for (const rows of reads) t2.same(rows, [{ name: "Maria Silva", number: "5511999990001", email: "maria@example.com" }, { name: "Jo\xE3o", number: "5521988880002", email: "" }]);
});
