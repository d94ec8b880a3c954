import { TenantModel } from '../../db/model.js';

/** A message a sandbox connection "sent": what the simulated phone network received (migration 020). */
export class SandboxOutbox extends TenantModel {
  static tableName = 'sandboxOutbox';
  static dateColumns = ['deletedAt'];

  whatsappId!: number;
  providerId!: string;
  to!: string;
  body?: string | null;
  mediaUrl?: string | null;
  ack!: number;
  deletedAt?: string | null;
}
