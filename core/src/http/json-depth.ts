import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/** How deep a JSON body may nest (objects and arrays). No route needs more; far deeper overflows the stack. */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b, OPEN_ARRAY = 0x5b, CLOSE_OBJECT = 0x7d, CLOSE_ARRAY = 0x5d, QUOTE = 0x22, BACKSLASH = 0x5c;

/**
 * Whether a JSON text nests objects and arrays deeper than `limit`, read character by character before it
 * is parsed: a loop, not a recursion, so a body nested a million levels deep is measured, never crashed on.
 * Brackets inside strings do not count. Invalid JSON is left to the parser.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
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

/**
 * Every JSON body of every route (the core's and the plugins': child scopes inherit the parser) is refused
 * with 400 ERR_VALIDATION when it nests deeper than MAX_JSON_DEPTH, before Fastify's own parser (which keeps
 * its prototype-poisoning checks) reads it. Without it a deep value stored through a free-form field
 * (a flow node's data) overflowed JSON.stringify into a 500.
 */
export function installJsonDepthLimit(app: FastifyInstance, limit = MAX_JSON_DEPTH) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Many clients send `content-type: application/json` on every call: an empty body is no body where the route
    // takes none (a DELETE). Where it takes one, Fastify's own parser answers the empty body as before.
    if ((body as string).trim() === '' && !request.routeOptions.schema?.body) {
      done(null, undefined);
      return;
    }
    if (nestsDeeperThan(body as string, limit)) {
      done(badRequest('ERR_VALIDATION', `The JSON body nests deeper than ${limit} levels`, { field: 'body' }), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
