const MEDIA_LINK = /(?:https?:\/\/[^\s"'<>]*?)?\/media\/(\d+\/[0-9a-f]{32}-[\w.-]+)/g;
function withMediaLinksReplaced(value, fileFor) {
  if (typeof value === "string") return value.includes("/media/") ? value.replace(MEDIA_LINK, (_m, key) => fileFor(key) ?? "") : value;
  if (Array.isArray(value)) return value.map((item) => withMediaLinksReplaced(item, fileFor));
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withMediaLinksReplaced(v, fileFor)]));
  }
  return value;
}
export {
  withMediaLinksReplaced
};
