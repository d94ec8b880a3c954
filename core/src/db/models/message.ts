import { BaseModel, TenantModel } from '../model.js';
import { Contact } from './contact.js';

export interface MessageReactionView { userId: number; userName: string | null; emoji: string }

export type MessageStatus = 'received' | 'sending' | 'sent' | 'failed';

export class Message extends TenantModel {
  static tableName = 'messages';
  /** Not a staff change: the audit log leaves it out (audit/model-hooks.ts). */
  static audited = false;
  static booleanColumns = ['fromMe', 'read', 'isDeleted', 'isEdited', 'isForwarded', 'botPassed'];
  /** The responder chain's bookkeeping (migration 141): never sent to clients. */
  static hiddenColumns = ['botPassed'];
  static get jsonAttributes() { return ['data']; }

  ticketId!: number;
  contactId?: number | null;
  whatsappId?: number | null;
  providerId?: string | null;
  body?: string | null;
  fromMe!: boolean;
  mediaType?: string | null;
  mediaUrl?: string | null;
  mediaName?: string | null;
  ack!: number;
  read!: boolean;
  isDeleted!: boolean;
  isEdited!: boolean;
  isForwarded?: boolean;
  status!: MessageStatus;
  error?: string | null;
  /** Ingestion found that no responder could act on it (messaging/group-commit.ts); written only there. */
  botPassed?: boolean;
  quotedMsgId?: number | null;
  userId?: number | null;
  participant?: string | null;
  reaction?: string | null;
  data?: Record<string, unknown> | null;
  contact?: Contact | null;
  quotedMsg?: Message | null;
  /** Agents' reactions, when loaded (message-view.ts withReactions): not a column. */
  reactions?: MessageReactionView[];

  $parseDatabaseJson(json: Record<string, unknown>) {
    const parsed = super.$parseDatabaseJson(json);
    // Ids are BIGINT; they stay JSON numbers well past any realistic count.
    if (typeof parsed.id === 'string') parsed.id = Number(parsed.id);
    if (typeof parsed.quotedMsgId === 'string') parsed.quotedMsgId = Number(parsed.quotedMsgId);
    return parsed;
  }

  /** `reactions` is loaded beside the row, never written. */
  $formatDatabaseJson(json: Record<string, unknown>) {
    const formatted = super.$formatDatabaseJson(json);
    delete formatted.reactions;
    return formatted;
  }

  static get relationMappings() {
    return {
      contact: { relation: BaseModel.BelongsToOneRelation, modelClass: Contact, join: { from: 'messages.contactId', to: 'contacts.id' } },
      quotedMsg: { relation: BaseModel.BelongsToOneRelation, modelClass: Message, join: { from: 'messages.quotedMsgId', to: 'messages.id' } },
    };
  }
}
