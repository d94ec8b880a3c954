import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { Whatsapp } from '../../db/models/index.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { RefCheck } from '../../tenancy/references.js';

/** The editable fields of a connection (core §3 Connection). */
export interface ConnectionInput {
  name?: string;
  greetingMessage?: string | null;
  complationMessage?: string | null;
  outOfHoursMessage?: string | null;
  ratingMessage?: string | null;
  expiresInactiveMessage?: string | null;
  expiresTicket?: number;
  timeUseBotQueues?: number;
  maxUseBotQueues?: number;
  timeToTransfer?: number | null;
  transferQueueId?: number | null;
  promptId?: number | null;
  integrationId?: number | null;
  provider?: string;
  isDefault?: boolean;
  queueIds?: number[];
  /** The channel's own settings (its provider's settings door). */
  settings?: Record<string, unknown>;
}

const COLUMNS = [
  'name', 'greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage', 'expiresInactiveMessage',
  'expiresTicket', 'timeUseBotQueues', 'maxUseBotQueues', 'timeToTransfer', 'transferQueueId', 'promptId', 'integrationId', 'provider',
] as const;

export const newToken = () => randomBytes(24).toString('base64url');

/** The columns to write from a request body (blank texts become null). */
export function columnsOf(input: ConnectionInput): Partial<Whatsapp> {
  const out: Record<string, unknown> = {};
  for (const key of COLUMNS) {
    if (input[key] === undefined) continue;
    const value = input[key];
    out[key] = typeof value === 'string' && key !== 'name' && key !== 'provider' ? (value.trim() === '' ? null : value) : value;
  }
  if (typeof out.name === 'string') out.name = out.name.trim();
  return out as Partial<Whatsapp>;
}

/** The rows a connection points at, all of which must be the caller's company's (tenancy/references.ts). */
export const connectionRefs = (body: ConnectionInput): RefCheck => ({
  queue: [...(body.queueIds ?? []), body.transferQueueId],
  prompt: { ids: body.promptId, field: 'body/promptId' },
  integration: { ids: body.integrationId, field: 'body/integrationId' },
});

export async function assertNameFree(companyId: number, name: string, exceptId?: number, trx?: Knex.Transaction) {
  const query = Whatsapp.scoped(companyId).where('name', name);
  if (trx) query.transacting(trx);
  if (exceptId) query.whereNot('id', exceptId);
  if (await query.first()) throw conflict('ERR_WAPP_NAME_ALREADY_EXISTS', 'A connection with this name already exists');
}

/** More than one queue needs a greeting that lists them (the chatbot menu). */
export function assertGreeting(queueCount: number, greetingMessage: string | null | undefined) {
  if (queueCount > 1 && !greetingMessage?.trim()) {
    throw badRequest('ERR_WAPP_GREETING_REQUIRED', 'A greeting message is needed when the connection has more than one queue');
  }
}

/** Makes `whatsappId` the only default of its company; answers the ids that lost the flag. */
export async function makeOnlyDefault(companyId: number, whatsappId: number, trx: Knex.Transaction): Promise<number[]> {
  const previous = await Whatsapp.scoped(companyId).transacting(trx).where('isDefault', true).whereNot('id', whatsappId).select('id');
  if (previous.length) {
    await Whatsapp.scoped(companyId).transacting(trx).whereIn('id', previous.map((p) => p.id)).patch({ isDefault: false } as Partial<Whatsapp>);
  }
  return previous.map((p) => p.id);
}

/** Replaces the connection's queues (ids the caller checked against its company); the link rows carry the company. */
export async function setQueues(companyId: number, whatsappId: number, queueIds: number[], trx: Knex.Transaction) {
  await trx('whatsappQueues').where({ companyId, whatsappId }).delete();
  const unique = [...new Set(queueIds)];
  if (unique.length) await trx('whatsappQueues').insert(unique.map((queueId) => ({ companyId, whatsappId, queueId })));
}
