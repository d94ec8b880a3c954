import { badRequest } from "./errors.js";
const MAX_JSON_DEPTH = 64;
const OPEN_OBJECT = 123, OPEN_ARRAY = 91, CLOSE_OBJECT = 125, CLOSE_ARRAY = 93, QUOTE = 34, BACKSLASH = 92;
function nestsDeeperThan(text, limit) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}
function installJsonDepthLimit(app, limit = MAX_JSON_DEPTH) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body.trim() === "" && !request.routeOptions.schema?.body) {
      done(null, void 0);
      return;
    }
    if (nestsDeeperThan(body, limit)) {
      done(badRequest("ERR_VALIDATION", `The JSON body nests deeper than ${limit} levels`, { field: "body" }), void 0);
      return;
    }
    parse(request, body, done);
  });
}
export {
  MAX_JSON_DEPTH,
  installJsonDepthLimit,
  nestsDeeperThan
};
