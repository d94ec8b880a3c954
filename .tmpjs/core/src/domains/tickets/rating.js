import { Ticket } from "../../db/models/index.js";
import { toDbTime } from "../../db/time.js";
const RATING_MENU = "*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito";
const DEFAULT_RATING = "Por favor, avalie o nosso atendimento respondendo com um n\xFAmero:";
const RATING_WINDOW_MS = 24 * 36e5;
function ratingQuestion(whatsapp) {
  return `${whatsapp?.ratingMessage || DEFAULT_RATING}

${RATING_MENU}`;
}
function parseRatingAnswer(body) {
  const answer = body.trim();
  return /^[1-3]$/.test(answer) ? Number(answer) : null;
}
function pendingRating(companyId, contactId, whatsappId, trx, clock) {
  return Ticket.scoped(companyId).transacting(trx).where({ contactId, whatsappId, status: "closed" }).whereNull("rating").whereNotNull("ratingRequestedAt").where("ratingRequestedAt", ">", toDbTime(clock.now().getTime() - clock.scale(RATING_WINDOW_MS))).orderBy("id", "desc").first();
}
async function takeRatingAnswer(companyId, contactId, whatsappId, body, trx, clock) {
  const waiting = await pendingRating(companyId, contactId, whatsappId, trx, clock);
  if (!waiting) return void 0;
  const rating = parseRatingAnswer(body);
  if (rating === null) {
    await Ticket.scoped(companyId).transacting(trx).findById(waiting.id).patch({ ratingRequestedAt: null });
    return void 0;
  }
  const ticket = await Ticket.scoped(companyId).transacting(trx).patchAndFetchById(waiting.id, { rating });
  return { before: waiting, ticket };
}
export {
  RATING_MENU,
  RATING_WINDOW_MS,
  parseRatingAnswer,
  pendingRating,
  ratingQuestion,
  takeRatingAnswer
};
