import { BaseModel } from "../model.js";
class Help extends BaseModel {
  static tableName = "helps";
  title;
  video;
  description;
  link;
}
export {
  Help
};
