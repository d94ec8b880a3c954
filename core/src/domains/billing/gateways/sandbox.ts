import { randomBytes } from 'node:crypto';
import { buildStaticPix } from '../brcode.js';
import type { Gateway } from './types.js';
import { invoiceTxid, pixDataProblem } from './pix.js';

/** How long a sandbox charge stays payable before checkout makes a new one (like a real PSP's expiry). */
export const SANDBOX_CHARGE_TTL_MS = 60 * 60 * 1000;

/**
 * A pretend bank: its charge is a well-formed BR Code (to the operator's key when set), and the invoice is
 * "paid" by POST /subscription/sandbox/pay, which only works while the sandbox is the configured gateway.
 * It lets anyone try the whole flow (checkout, QR, payment event, due date) without a bank.
 */
export const sandboxGateway: Gateway = {
  name: 'sandbox',
  misconfigured: () => undefined,
  async createCharge({ invoice, config }) {
    const txid = invoiceTxid(invoice.id);
    // The operator's Pix data when it makes a valid code, else a stand-in.
    const pix = pixDataProblem(config.pix) ? { key: 'sandbox@atrium.local', merchantName: 'Atrium Sandbox', merchantCity: 'Sao Paulo' } : config.pix;
    const payload = buildStaticPix({ ...pix, amount: invoice.value, txid });
    return {
      chargeId: `sbx_${randomBytes(8).toString('hex')}`,
      payload,
      txid,
      expiresAt: new Date(Date.now() + SANDBOX_CHARGE_TTL_MS).toISOString(),
    };
  },
};
