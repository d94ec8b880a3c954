import { BaseModel, TenantModel } from "../model.js";
class Contact extends TenantModel {
  static tableName = "contacts";
  static booleanColumns = ["isGroup"];
  uuid;
  name;
  number;
  lid;
  email;
  profilePicUrl;
  isGroup;
  whatsappId;
  extraInfo;
  static get relationMappings() {
    return {
      extraInfo: { relation: BaseModel.HasManyRelation, modelClass: ContactCustomField, join: { from: "contacts.id", to: "contactCustomFields.contactId" } }
    };
  }
}
class ContactCustomField extends TenantModel {
  static tableName = "contactCustomFields";
  contactId;
  name;
  value;
}
export {
  Contact,
  ContactCustomField
};
