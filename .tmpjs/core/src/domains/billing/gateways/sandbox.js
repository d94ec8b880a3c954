import { randomBytes } from "node:crypto";
import { buildStaticPix } from "../brcode.js";
import { invoiceTxid, pixDataProblem } from "./pix.js";
const SANDBOX_CHARGE_TTL_MS = 60 * 60 * 1e3;
const sandboxGateway = {
  name: "sandbox",
  misconfigured: () => void 0,
  async createCharge({ invoice, config }) {
    const txid = invoiceTxid(invoice.id);
    const pix = pixDataProblem(config.pix) ? { key: "sandbox@atrium.local", merchantName: "Atrium Sandbox", merchantCity: "Sao Paulo" } : config.pix;
    const payload = buildStaticPix({ ...pix, amount: invoice.value, txid });
    return {
      chargeId: `sbx_${randomBytes(8).toString("hex")}`,
      payload,
      txid,
      expiresAt: new Date(Date.now() + SANDBOX_CHARGE_TTL_MS).toISOString()
    };
  }
};
export {
  SANDBOX_CHARGE_TTL_MS,
  sandboxGateway
};
