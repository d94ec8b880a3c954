import { TenantModel } from '../../db/model.js';

/** A message a sandbox connection "sent": what the simulated phone network received (migration 020). */
export class SandboxOutbox extends TenantModel {
  static tableName = 'sandboxOutbox';
  static dateColumns = ['deletedAt', 'editedAt'];
  static booleanColumns = ['forwarded'];

  whatsappId!: number;
  providerId!: string;
  to!: string;
  body?: string | null;
  mediaUrl?: string | null;
  ack!: number;
  deletedAt?: string | null;
  /** 'message', or 'reaction' (body: the emoji, '' removed it) to `targetProviderId` (migration 113). */
  kind!: 'message' | 'reaction';
  targetProviderId?: string | null;
  quotedProviderId?: string | null;
  forwarded!: boolean;
  editedAt?: string | null;
}
