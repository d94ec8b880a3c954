import { TenantModel } from "../model.js";
class Tag extends TenantModel {
  static tableName = "tags";
  name;
  color;
  kanban;
  userId;
  ticketsCount;
}
export {
  Tag
};
