const WARNING_HEADER = "atrium-warning";
function addWarning(reply, code, field) {
  const value = field ? `${code}; field="${field.replace(/["\\]/g, "")}"` : code;
  const current = reply.getHeader(WARNING_HEADER);
  const list = current === void 0 ? [] : [current].flat().map(String);
  if (!list.includes(value)) reply.header(WARNING_HEADER, [...list, value].join(", "));
}
function parseWarnings(header) {
  if (!header) return [];
  return [header].flat().join(", ").split(/,\s*/).filter(Boolean).map((item) => {
    const [code, ...params] = item.split(";").map((s) => s.trim());
    const field = params.map((p) => /^field="(.*)"$/.exec(p)?.[1]).find((f) => f !== void 0);
    return field === void 0 ? { code } : { code, field };
  });
}
export {
  WARNING_HEADER,
  addWarning,
  parseWarnings
};
