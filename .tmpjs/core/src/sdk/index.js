import { Type } from "@sinclair/typebox";
export {
  Type
};
