import { TenantModel } from '../model.js';

/** A body a message had before an edit (migration 110): the history answers them oldest first. */
export class MessageEdit extends TenantModel {
  static tableName = 'messageEdits';
  /** Not a staff change: the audit log leaves it out (audit/model-hooks.ts). */
  static audited = false;
  static timestamps = false;
  static dateColumns = ['createdAt'];
  static booleanColumns = ['fromMe'];

  messageId!: number;
  previousBody?: string | null;
  /** The edit came from our side (an agent, or the phone itself), not from the contact. */
  fromMe!: boolean;
  userId?: number | null;

  $parseDatabaseJson(json: Record<string, unknown>) {
    const parsed = super.$parseDatabaseJson(json);
    if (typeof parsed.messageId === 'string') parsed.messageId = Number(parsed.messageId);
    return parsed;
  }
}

/** An agent's reaction to a message (migration 111): one per agent per message. */
export class MessageReaction extends TenantModel {
  static tableName = 'messageReactions';
  /** Not a staff change: the audit log leaves it out (audit/model-hooks.ts). */
  static audited = false;

  messageId!: number;
  userId!: number;
  emoji!: string;

  $parseDatabaseJson(json: Record<string, unknown>) {
    const parsed = super.$parseDatabaseJson(json);
    if (typeof parsed.messageId === 'string') parsed.messageId = Number(parsed.messageId);
    return parsed;
  }
}
