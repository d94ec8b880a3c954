const todayIso = () => (/* @__PURE__ */ new Date()).toISOString().slice(0, 10);
function addDays(date, days) {
  return new Date(date.getTime() + days * 864e5);
}
function addMonths(isoDate, months) {
  const [y, m, d] = isoDate.slice(0, 10).split("-").map(Number);
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = (total % 12 + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, lastDay))).toISOString().slice(0, 10);
}
function daysUntil(isoDate) {
  const due = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
  const today = Date.parse(`${todayIso()}T00:00:00Z`);
  return Math.round((due - today) / 864e5);
}
export {
  addDays,
  addMonths,
  daysUntil,
  todayIso
};
