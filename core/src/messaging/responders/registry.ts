import { RESPONDER_PLACES, type Responder, type ResponderApi } from './types.js';

export interface RegisteredResponder extends Responder {
  /** The plan flag of the plugin that registered it: off for a company, the responder is skipped there. */
  planFlag?: string;
}

const ID = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** The responders, kept in chain order (by place, then registration). */
export class ResponderRegistry implements ResponderApi {
  private list: RegisteredResponder[] = [];

  register(responder: Responder, planFlag?: string) {
    if (!ID.test(responder.id)) throw new Error(`responder id "${responder.id}" must be lower-case letters, digits, ".", "_" or "-"`);
    if (!RESPONDER_PLACES.includes(responder.place)) throw new Error(`responder "${responder.id}": place must be one of ${RESPONDER_PLACES.join(', ')}`);
    if (typeof responder.handle !== 'function') throw new Error(`responder "${responder.id}" has no handle()`);
    if (this.list.some((r) => r.id === responder.id)) throw new Error(`responder "${responder.id}" is registered twice`);
    this.list.push({ ...responder, planFlag });
    const rank = (r: Responder) => RESPONDER_PLACES.indexOf(r.place);
    this.list = this.list.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i).map(({ r }) => r);
  }

  /** The registry as one plugin sees it: what it registers is gated by its plan flag. */
  forPlugin(planFlag: string): ResponderApi {
    return { register: (responder) => this.register(responder, planFlag) };
  }

  ordered(): readonly RegisteredResponder[] { return this.list; }
  get(id: string) { return this.list.find((r) => r.id === id); }
}
