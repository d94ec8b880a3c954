import { RESPONDER_PLACES } from "./types.js";
const ID = /^[a-z0-9][a-z0-9._-]{0,63}$/;
class ResponderRegistry {
  list = [];
  register(responder, planFlag) {
    if (!ID.test(responder.id)) throw new Error(`responder id "${responder.id}" must be lower-case letters, digits, ".", "_" or "-"`);
    if (!RESPONDER_PLACES.includes(responder.place)) throw new Error(`responder "${responder.id}": place must be one of ${RESPONDER_PLACES.join(", ")}`);
    if (typeof responder.handle !== "function") throw new Error(`responder "${responder.id}" has no handle()`);
    if (this.list.some((r) => r.id === responder.id)) throw new Error(`responder "${responder.id}" is registered twice`);
    this.list.push({ ...responder, planFlag });
    const rank = (r) => RESPONDER_PLACES.indexOf(r.place);
    this.list = this.list.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i).map(({ r }) => r);
  }
  /** The registry as one plugin sees it: what it registers is gated by its plan flag. */
  forPlugin(planFlag) {
    return { register: (responder) => this.register(responder, planFlag) };
  }
  ordered() {
    return this.list;
  }
  get(id) {
    return this.list.find((r) => r.id === id);
  }
}
export {
  ResponderRegistry
};
