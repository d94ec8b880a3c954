import type ExcelJSModule from 'exceljs';

let loading: Promise<typeof ExcelJSModule> | undefined;

/**
 * exceljs, loaded by the first import, export or sample sheet rather than at start: it holds ~25 MiB of a
 * process's memory that a server which never handles a spreadsheet does not need (docs/performance.md).
 */
export function loadExcelJs(): Promise<typeof ExcelJSModule> {
  loading ??= import('exceljs').then((m) => m.default);
  return loading;
}
