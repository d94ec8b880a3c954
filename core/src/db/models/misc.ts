import { BaseModel, TenantModel } from '../model.js';
import { Contact } from './contact.js';
import { User } from './user.js';

export class QuickMessage extends TenantModel {
  static tableName = 'quickMessages';
  static booleanColumns = ['geral'];
  userId?: number | null;
  shortcode!: string;
  message?: string | null;
  geral!: boolean;
  status!: string;
  mediaPath?: string | null;
  mediaName?: string | null;
}

export class Schedule extends TenantModel {
  static tableName = 'schedules';
  static dateColumns = ['sendAt', 'sentAt'];
  contactId!: number;
  ticketId?: number | null;
  userId?: number | null;
  whatsappId?: number | null;
  body!: string;
  sendAt!: string;
  sentAt?: string | null;
  status!: string;
  error?: string | null;
  mediaPath?: string | null;
  mediaName?: string | null;
  contact?: Contact;
  user?: User | null;

  static get relationMappings() {
    return {
      contact: { relation: BaseModel.BelongsToOneRelation, modelClass: Contact, join: { from: 'schedules.contactId', to: 'contacts.id' } },
      user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'schedules.userId', to: 'users.id' } },
    };
  }
}

/** Announcements are written by the super user and read by every company. */
export class Announcement extends BaseModel {
  static tableName = 'announcements';
  static booleanColumns = ['status'];
  companyId?: number | null;
  title!: string;
  text!: string;
  priority!: number;
  status!: boolean;
  mediaPath?: string | null;
  mediaName?: string | null;
}

export class FileList extends TenantModel {
  static tableName = 'fileLists';
  name!: string;
  message?: string | null;
  options?: FileListOption[];

  static get relationMappings() {
    return {
      options: { relation: BaseModel.HasManyRelation, modelClass: FileListOption, join: { from: 'fileLists.id', to: 'fileListOptions.fileListId' } },
    };
  }
}

export class FileListOption extends TenantModel {
  static tableName = 'fileListOptions';
  fileListId!: number;
  name!: string;
  path?: string | null;
  mediaType?: string | null;
}

export class PasswordReset extends BaseModel {
  static tableName = 'passwordResets';
  /** A reset request is a visitor's, not a staff change (its use is logged as a password change). */
  static audited = false;
  static dateColumns = ['expiresAt', 'usedAt'];
  userId!: number;
  codeHash!: string;
  expiresAt!: string;
  usedAt?: string | null;
  attempts!: number;
}
