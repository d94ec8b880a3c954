import { BaseModel, TenantModel } from '../model.js';

export class Contact extends TenantModel {
  static tableName = 'contacts';
  static booleanColumns = ['isGroup'];

  uuid!: string;
  name!: string;
  number!: string;
  lid?: string | null;
  email?: string | null;
  profilePicUrl?: string | null;
  isGroup!: boolean;
  whatsappId?: number | null;
  extraInfo?: ContactCustomField[];

  static get relationMappings() {
    return {
      extraInfo: { relation: BaseModel.HasManyRelation, modelClass: ContactCustomField, join: { from: 'contacts.id', to: 'contactCustomFields.contactId' } },
    };
  }
}

export class ContactCustomField extends TenantModel {
  static tableName = 'contactCustomFields';
  contactId!: number;
  name!: string;
  value?: string | null;
}

/** A contact's address on an 'opaque'-addressed channel (a chat id): unique per company and kind (migration 155). */
export class ContactIdentity extends TenantModel {
  static tableName = 'contactIdentities';
  contactId!: number;
  /** The connection kind (the provider) the address belongs to. */
  kind!: string;
  address!: string;
}
