import { PassThrough, Readable } from "node:stream";
import { loadExcelJs } from "./exceljs.js";
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
function csvField(value) {
  let text = value === null || value === void 0 ? "" : String(value);
  if (/^[=+\-@]/.test(text) && !/^\+?\d+$/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
function exportCsv(table) {
  return Readable.from((async function* () {
    yield `\uFEFF${table.header.map(csvField).join(";")}\r
`;
    for await (const page of table.pages()) {
      if (page.length) yield page.map((row) => row.map(csvField).join(";")).join("\r\n") + "\r\n";
    }
  })());
}
function exportXlsx(table, log) {
  const out = new PassThrough();
  (async () => {
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet(table.name);
    sheet.addRow([...table.header]).commit();
    for await (const page of table.pages()) for (const row of page) sheet.addRow([...row]).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((err) => {
    log.error({ err, export: table.name }, "sheet export failed");
    out.destroy(err);
  });
  return out;
}
function sendExport(reply, format, table) {
  reply.header("content-disposition", `attachment; filename="${table.name}.${format}"`);
  if (format === "xlsx") return reply.type(XLSX_TYPE).send(exportXlsx(table, reply.log));
  return reply.type("text/csv; charset=utf-8").send(exportCsv(table));
}
export {
  csvField,
  exportCsv,
  exportXlsx,
  sendExport
};
