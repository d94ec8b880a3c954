import { open, readFile } from "node:fs/promises";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { badRequest } from "../http/errors.js";
import { receiveToTemp } from "../domains/contacts/upload-temp.js";
import { loadExcelJs } from "./exceljs.js";
import { csvRows } from "./csv.js";
import { xlsxInput } from "./zip-input.js";
import { sendExport } from "./export.js";
function cellText(value) {
  if (value === null || value === void 0) return "";
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === "string") return value.trim();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    const v = value;
    if (v.richText) return v.richText.map((r) => r.text).join("").trim();
    if ("sharedString" in v) throw new Error("the sheet's shared strings were not read");
    if (v.text !== void 0) return cellText(v.text);
    if (v.result !== void 0) return cellText(v.result);
  }
  return String(value).trim();
}
async function formatOf(file) {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    if (bytesRead >= 4 && buffer.readUInt32LE(0) === 67324752) return "xlsx";
    if (bytesRead > 0 && !buffer.subarray(0, bytesRead).includes(0)) return "csv";
  } finally {
    await handle.close();
  }
  throw badRequest("ERR_INVALID_SHEET", "The file is not an .xlsx spreadsheet or a CSV file");
}
const isSheetFile = (filename) => /\.(xlsx|csv)$/i.test(filename);
function rowSink(options) {
  const size = options.batchSize ?? 500;
  const required = options.required ?? [];
  let columns;
  let batch = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await options.onBatch(rows);
    await yieldToLoop();
  };
  return {
    /** Takes one row; false once the header lacks a required column (the rest is not worth reading). */
    async add(cells) {
      if (!columns) {
        columns = /* @__PURE__ */ new Map();
        cells.forEach((text, i) => {
          const key = options.headers[text.toLowerCase()];
          if (key) columns.set(i, key);
        });
        return required.every((k) => [...columns.values()].includes(k));
      }
      const parsed = {};
      let blank = true;
      for (const [i, key] of columns) {
        const text = cells[i] ?? "";
        parsed[key] = text;
        if (text) blank = false;
      }
      if (!blank) batch.push(parsed);
      if (batch.length >= size) await flush();
      return true;
    },
    async end() {
      if (!columns) throw badRequest("ERR_INVALID_SHEET", "The spreadsheet is empty");
      if (!required.every((k) => [...columns.values()].includes(k))) {
        throw badRequest("ERR_INVALID_SHEET", `The sheet needs a header row with the columns: ${required.join(", ")}`);
      }
      await flush();
    }
  };
}
async function readCsv(file, sink) {
  const text = await readFile(file, "utf8");
  for (const row of csvRows(text)) if (!await sink.add(row.map((cell) => cell.trim()))) break;
}
async function readXlsx(file, sink) {
  const ExcelJS = await loadExcelJs();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(xlsxInput(file), { worksheets: "emit", sharedStrings: "cache", hyperlinks: "ignore", styles: "ignore", entries: "ignore" });
  reader.model ??= { sheets: [] };
  let first = true;
  let reading = true;
  for await (const worksheet of reader) {
    if (!first) continue;
    first = false;
    for await (const row of worksheet) {
      if (!reading) continue;
      reading = await sink.add(row.values.map(cellText));
    }
  }
}
async function readSheet(file, options) {
  const format = await formatOf(file);
  const sink = rowSink(options);
  try {
    await (format === "csv" ? readCsv(file, sink) : readXlsx(file, sink));
    await sink.end();
  } catch (err) {
    if (err.statusCode === 400) throw err;
    throw badRequest("ERR_INVALID_SHEET", `The spreadsheet could not be read: ${err.message}`);
  }
}
async function writeSheet(name, rows, columns = []) {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  rows.forEach((row, i) => {
    const added = sheet.addRow([...row]);
    if (i === 0) added.font = { bold: true };
  });
  columns.forEach((column, i) => {
    const target = sheet.getColumn(i + 1);
    if (column.width) target.width = column.width;
    if (column.text) target.numFmt = "@";
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const sheets = { receiveUpload: receiveToTemp, readSheet, isSheetFile, writeSheet, sendExport };
export {
  cellText,
  isSheetFile,
  readSheet,
  sheets,
  writeSheet
};
