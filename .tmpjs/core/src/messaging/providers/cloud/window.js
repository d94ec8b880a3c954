import { Message } from "../../../db/models/index.js";
import { AppError } from "../../../http/errors.js";
const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1e3;
async function serviceWindow(companyId, whatsappId, contactId, clock) {
  const last = await Message.scoped(companyId).where({ contactId, whatsappId, fromMe: false }).orderBy("id", "desc").select("createdAt").first();
  if (!last?.createdAt) return { open: false, lastInboundAt: null, closesAt: null };
  const closes = new Date(last.createdAt).getTime() + clock.scale(SERVICE_WINDOW_MS);
  return { open: closes > clock.now().getTime(), lastInboundAt: last.createdAt, closesAt: new Date(closes).toISOString() };
}
async function assertWindowOpen(companyId, whatsappId, contactId, clock) {
  const window = await serviceWindow(companyId, whatsappId, contactId, clock);
  if (!window.open) {
    throw new AppError("ERR_OUTSIDE_SERVICE_WINDOW", 400, "More than 24 hours since the customer's last message: send an approved template", { closedAt: window.closesAt });
  }
}
export {
  SERVICE_WINDOW_MS,
  assertWindowOpen,
  serviceWindow
};
