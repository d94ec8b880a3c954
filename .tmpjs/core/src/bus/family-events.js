import { Type } from "@sinclair/typebox";
import { socketEvents } from "./events.js";
const FAMILY_EVENT_NAMES = {
  tag: "tag",
  settings: "settings",
  presence: "userOnlineChange"
};
const familyEventName = (event) => Object.prototype.hasOwnProperty.call(FAMILY_EVENT_NAMES, event) ? FAMILY_EVENT_NAMES[event] : void 0;
let catalogue;
function familyEvents() {
  catalogue ??= {
    ...Object.fromEntries(Object.entries(FAMILY_EVENT_NAMES).map(([ours, theirs]) => {
      const spec = socketEvents[ours];
      return [theirs, { ...spec, when: `the family's name for \`${ours}\`: ${spec.when}` }];
    })),
    ready: {
      audience: "user",
      when: "this socket joined its rooms: the client may (re)load its lists and will miss no event after it",
      payload: Type.Object({ userId: Type.Integer(), companyId: Type.Integer() }, { additionalProperties: false })
    }
  };
  return catalogue;
}
export {
  FAMILY_EVENT_NAMES,
  familyEventName,
  familyEvents
};
