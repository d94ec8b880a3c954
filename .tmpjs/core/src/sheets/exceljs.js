let loading;
function loadExcelJs() {
  loading ??= import("exceljs").then((m) => m.default);
  return loading;
}
export {
  loadExcelJs
};
