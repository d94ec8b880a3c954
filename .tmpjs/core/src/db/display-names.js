const TTL_MS = 5e3;
const MAX_COMPANIES = 5e3;
const entries = /* @__PURE__ */ new Map();
function freshDisplayNames(companyId) {
  const hit = entries.get(companyId);
  return hit && Date.now() - hit.at < TTL_MS ? hit.loaded : void 0;
}
function cachedDisplayNames(companyId, load) {
  const hit = entries.get(companyId);
  if (hit?.value && Date.now() - hit.at < TTL_MS) return hit.value;
  if (entries.size >= MAX_COMPANIES) entries.clear();
  const entry = { at: Date.now() };
  const value = load().then((names) => {
    entry.loaded = names;
    return names;
  }, (err) => {
    if (entries.get(companyId) === entry) entries.delete(companyId);
    throw err;
  });
  entry.value = value;
  entries.set(companyId, entry);
  return value;
}
function forgetDisplayNames(companyId) {
  if (companyId === "any") entries.clear();
  else entries.delete(companyId);
}
export {
  cachedDisplayNames,
  forgetDisplayNames,
  freshDisplayNames
};
