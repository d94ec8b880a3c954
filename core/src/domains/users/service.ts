import type { Knex } from 'knex';
import { forgetCallers } from '../../db/caller-cache.js';
import { Queue, User, Whatsapp } from '../../db/models/index.js';
import { conflict, notFound } from '../../http/errors.js';

/** One e-mail is one login across every company (users.email is unique). */
export async function assertEmailFree(email: string, exceptUserId?: number) {
  const query = User.unscoped('e-mails are unique across companies').where('email', email);
  if (exceptUserId) query.whereNot('id', exceptUserId);
  if (await query.first()) throw conflict('ERR_EMAIL_IN_USE', 'This e-mail is already in use', { field: 'email' });
}

/** A user's default connection and queues must be the company's own. */
export async function assertOwnRefs(companyId: number, whatsappId?: number | null, queueIds?: number[]) {
  if (whatsappId && !(await Whatsapp.scoped(companyId).findById(whatsappId))) throw notFound('ERR_NO_WAPP_FOUND', 'Connection not found');
  const unique = [...new Set(queueIds ?? [])];
  if (unique.length > 0) {
    const found = await Queue.scoped(companyId).whereIn('id', unique).resultSize();
    if (found !== unique.length) throw notFound('ERR_NO_QUEUE_FOUND', 'Queue not found');
  }
}

/** Replaces the user's queues (the ids were checked by assertOwnRefs); the link rows carry the company. */
export async function setUserQueues(knex: Knex, companyId: number, userId: number, queueIds: number[]) {
  await knex('userQueues').where({ companyId, userId }).delete();
  const unique = [...new Set(queueIds)];
  if (unique.length > 0) await knex('userQueues').insert(unique.map((queueId) => ({ companyId, userId, queueId })));
  await forgetCallers(companyId, userId);
}

export const loadUser = (companyId: number, id: number) => User.scoped(companyId).findById(id).withGraphFetched('queues');

export const sameSet = (a: number[], b: number[]) => {
  const x = [...new Set(a)].sort((m, n) => m - n);
  const y = [...new Set(b)].sort((m, n) => m - n);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};
