import { Type } from "@sinclair/typebox";
import { SECRET_KEYS } from "./values.js";
const SettingReply = Type.Object({ key: Type.String(), value: Type.Union([Type.String(), Type.Null()]) });
function settingsShown(secrets) {
  const value = (key, stored) => SECRET_KEYS.has(key) ? stored ? secrets.maskStored(stored) : "" : stored;
  const list = (values) => [...values.entries()].map(([key, stored]) => ({ key, value: value(key, stored) }));
  return { value, list };
}
export {
  SettingReply,
  settingsShown
};
