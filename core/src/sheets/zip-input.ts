import { createReadStream, type ReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

/**
 * unzipper's streaming `Parse` (which exceljs' WorkbookReader pipes an .xlsx through) emits 'end' by hand as
 * soon as its writable side finishes, even while entries it already pushed still wait in its readable buffer.
 * exceljs stops at that 'end', so the entries behind the one it was busy with are never read: with a worksheet
 * stored before `xl/sharedStrings.xml` (exceljs' own writer does so, and so does Excel), a busy process now and
 * then read every text cell as `{ sharedString: n }` and refused a good sheet (about 1 upload in 100 under load).
 *
 * This holds back an 'end' that comes while entries are buffered and ends the stream the regular way instead:
 * Node emits 'end' again once the last buffered entry has been read.
 */
function endAfterBufferedEntries(zip: Readable): void {
  const emit = zip.emit.bind(zip);
  zip.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === 'end' && zip.readableLength > 0) {
      zip.push(null);
      return true;
    }
    return emit(event, ...args);
  }) as Readable['emit'];
}

/** A read stream of an .xlsx file for exceljs' WorkbookReader, whose unzip stream ends only after its entries. */
export function xlsxInput(file: string): ReadStream {
  const input = createReadStream(file);
  const pipe = input.pipe.bind(input);
  // The reader makes its unzip stream itself and pipes the input into it: the one place to reach that stream.
  input.pipe = (<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }) => {
    endAfterBufferedEntries(destination as unknown as Readable);
    return pipe(destination, options);
  }) as ReadStream['pipe'];
  return input;
}
