import t from 'tap';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { xlsxInput } from '../../src/sheets/zip-input.js';
import { readSheet, writeSheet } from '../../src/sheets/index.js';

// The unzipper exceljs itself loads: the stream its WorkbookReader reads an .xlsx through.
const require = createRequire(import.meta.url);
const unzip = createRequire(require.resolve('exceljs'))('unzipper') as { Parse(options: { forceStream: boolean }): Readable };

async function sheetFile(t: { teardown(fn: () => void): void }, rows: string[][]): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-zip-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'sheet.xlsx');
  writeFileSync(file, await writeSheet('contacts', rows));
  return file;
}

/**
 * Lets the unzip stream parse the whole file before anything reads an entry (as when its reader is busy with
 * an earlier entry), then reads them: how many entries had been read when 'end' came, and how many there were.
 */
async function entriesReadAtEnd(file: string, guarded: boolean) {
  const zip = unzip.Parse({ forceStream: true });
  const read: string[] = [];
  let readAtEnd: number | undefined;
  zip.on('end', () => { readAtEnd ??= read.length; });
  const finished = once(zip, 'finish');
  (guarded ? xlsxInput(file) : (await import('node:fs')).createReadStream(file)).pipe(zip as unknown as NodeJS.WritableStream);
  await finished;
  const ended = once(zip, 'end');
  zip.on('data', (entry: { path: string; autodrain(): void }) => { read.push(entry.path); entry.autodrain(); });
  await ended;
  return { readAtEnd, read };
}

t.test('the unzip stream of an .xlsx ends only after the entries it already parsed have been read', async (t) => {
  const file = await sheetFile(t, [['name', 'number'], ['Ana', '5511900000001']]);
  const bare = await entriesReadAtEnd(file, false);
  t.ok(bare.readAtEnd! < bare.read.length, `unguarded, unzipper ends with entries unread (${bare.readAtEnd} of ${bare.read.length}): the reason for the guard`);
  const guarded = await entriesReadAtEnd(file, true);
  t.equal(guarded.readAtEnd, guarded.read.length, 'guarded, every entry is read before the end');
  t.ok(guarded.read.includes('xl/sharedStrings.xml'));
  t.ok(guarded.read.indexOf('xl/worksheets/sheet1.xml') < guarded.read.indexOf('xl/sharedStrings.xml'), 'the worksheet comes before its strings, as exceljs and Excel write them');
});

t.test('an .xlsx whose worksheet comes before its shared strings reads with its texts', async (t) => {
  const file = await sheetFile(t, [['name', 'number', 'email'], ['Maria Silva', '5511999990001', 'maria@example.com'], ['João', '5521988880002', '']]);
  // Many readers at once on one event loop, as a busy server runs them.
  const reads = await Promise.all(Array.from({ length: 20 }, async () => {
    const rows: Record<string, string | undefined>[] = [];
    await readSheet(file, { headers: { name: 'name', number: 'number', email: 'email' }, required: ['number'], onBatch: async (batch) => { rows.push(...batch); } });
    return rows;
  }));
  for (const rows of reads) t.same(rows, [{ name: 'Maria Silva', number: '5511999990001', email: 'maria@example.com' }, { name: 'João', number: '5521988880002', email: '' }]);
});
