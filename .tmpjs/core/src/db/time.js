function toDbTime(value) {
  const stored = typeof value === "string" && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value);
  const date = value instanceof Date ? value : new Date(stored ? `${value.replace(" ", "T")}Z` : value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return date.toISOString().replace("T", " ").replace("Z", "");
}
const dbNow = () => toDbTime(/* @__PURE__ */ new Date());
function fromDbTime(value) {
  if (value === null || value === void 0 || value === "") return null;
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  if (text.length === 23 && text[10] === " " && text[19] === ".") return `${text.slice(0, 10)}T${text.slice(11)}Z`;
  if (text.length === 24 && text[10] === "T" && text[23] === "Z") return text;
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(text)) {
    const [d, t] = text.split(" ");
    const time = t.includes(".") ? t : `${t}.000`;
    return `${d}T${time.padEnd(12, "0").slice(0, 12)}Z`;
  }
  if (/^\d+$/.test(text)) return new Date(Number(text)).toISOString();
  return text;
}
export {
  dbNow,
  fromDbTime,
  toDbTime
};
