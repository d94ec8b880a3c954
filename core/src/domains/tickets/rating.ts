import type { Clock } from '../../clock/index.js';
import type { Knex } from 'knex';
import { Ticket, type Whatsapp } from '../../db/models/index.js';
import { toDbTime } from '../../db/time.js';

/**
 * The rating of a closed ticket (core §4): the question sent on close when `userRating` is enabled, and the
 * contact's answer, a digit 1-3 sent within a day, stored on the ticket by the inbound pipeline.
 */
export const RATING_MENU = '*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito';
const DEFAULT_RATING = 'Por favor, avalie o nosso atendimento respondendo com um número:';

/** How long a rating question waits for its answer (on the operator's clock, ATRIUM_TIME_SCALE). */
export const RATING_WINDOW_MS = 24 * 3600_000;

/** The question sent when an agent closes a ticket (the connection's own wording, else the default). */
export function ratingQuestion(whatsapp: Pick<Whatsapp, 'ratingMessage'> | undefined): string {
  return `${whatsapp?.ratingMessage || DEFAULT_RATING}\n\n${RATING_MENU}`;
}

/** The rating an answer gives (1-3), or null when the answer is anything else. */
export function parseRatingAnswer(body: string): number | null {
  const answer = body.trim();
  return /^[1-3]$/.test(answer) ? Number(answer) : null;
}

/** A closed ticket of this contact whose rating question is still waiting for an answer. */
export function pendingRating(companyId: number, contactId: number, whatsappId: number, trx: Knex.Transaction, clock: Pick<Clock, 'now' | 'scale'>) {
  return Ticket.scoped(companyId).transacting(trx)
    .where({ contactId, whatsappId, status: 'closed' }).whereNull('rating').whereNotNull('ratingRequestedAt')
    .where('ratingRequestedAt', '>', toDbTime(clock.now().getTime() - clock.scale(RATING_WINDOW_MS)))
    .orderBy('id', 'desc').first();
}

/**
 * A contact without a live ticket wrote: when a rating question waits and the message answers it, the rating is
 * stored and the ticket before and after returned; any other message means the contact moved on, and the
 * question stops waiting (undefined: the caller opens a new ticket).
 */
export async function takeRatingAnswer(companyId: number, contactId: number, whatsappId: number, body: string, trx: Knex.Transaction, clock: Pick<Clock, 'now' | 'scale'>) {
  const waiting = await pendingRating(companyId, contactId, whatsappId, trx, clock);
  if (!waiting) return undefined;
  const rating = parseRatingAnswer(body);
  if (rating === null) {
    await Ticket.scoped(companyId).transacting(trx).findById(waiting.id).patch({ ratingRequestedAt: null } as Partial<Ticket>);
    return undefined;
  }
  const ticket = await Ticket.scoped(companyId).transacting(trx).patchAndFetchById(waiting.id, { rating } as Partial<Ticket>);
  return { before: waiting, ticket };
}
