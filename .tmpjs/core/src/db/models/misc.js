import { BaseModel, TenantModel } from "../model.js";
import { Contact } from "./contact.js";
import { User } from "./user.js";
class QuickMessage extends TenantModel {
  static tableName = "quickMessages";
  static booleanColumns = ["geral"];
  userId;
  shortcode;
  message;
  geral;
  status;
  mediaPath;
  mediaName;
}
class Schedule extends TenantModel {
  static tableName = "schedules";
  static dateColumns = ["sendAt", "sentAt"];
  contactId;
  ticketId;
  userId;
  whatsappId;
  body;
  sendAt;
  sentAt;
  status;
  error;
  mediaPath;
  mediaName;
  contact;
  user;
  static get relationMappings() {
    return {
      contact: { relation: BaseModel.BelongsToOneRelation, modelClass: Contact, join: { from: "schedules.contactId", to: "contacts.id" } },
      user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: "schedules.userId", to: "users.id" } }
    };
  }
}
class Announcement extends BaseModel {
  static tableName = "announcements";
  static booleanColumns = ["status"];
  companyId;
  title;
  text;
  priority;
  status;
  mediaPath;
  mediaName;
}
class FileList extends TenantModel {
  static tableName = "fileLists";
  name;
  message;
  options;
  static get relationMappings() {
    return {
      options: { relation: BaseModel.HasManyRelation, modelClass: FileListOption, join: { from: "fileLists.id", to: "fileListOptions.fileListId" } }
    };
  }
}
class FileListOption extends TenantModel {
  static tableName = "fileListOptions";
  fileListId;
  name;
  path;
  mediaType;
}
class PasswordReset extends BaseModel {
  static tableName = "passwordResets";
  /** A reset request is a visitor's, not a staff change (its use is logged as a password change). */
  static audited = false;
  static dateColumns = ["expiresAt", "usedAt"];
  userId;
  codeHash;
  expiresAt;
  usedAt;
  attempts;
}
export {
  Announcement,
  FileList,
  FileListOption,
  PasswordReset,
  QuickMessage,
  Schedule
};
