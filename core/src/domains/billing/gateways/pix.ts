import { buildStaticPix } from '../brcode.js';
import type { BillingConfig } from '../config.js';
import type { Gateway } from './types.js';

/** The txid of an invoice's static code: letters and digits only, as banks require. */
export const invoiceTxid = (invoiceId: number) => `ATRIUMINV${invoiceId}`;

/** Why the operator's Pix data cannot make a code banks accept (a key over 77 characters, a name of symbols only), if it cannot. */
export function pixDataProblem(pix: BillingConfig['pix']): string | undefined {
  if (!pix.key || !pix.merchantName || !pix.merchantCity) return 'pixKey, pixMerchantName and pixMerchantCity are required';
  try {
    buildStaticPix({ key: pix.key, merchantName: pix.merchantName, merchantCity: pix.merchantCity, amount: 1, txid: 'CHECK' });
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/**
 * A static Pix BR Code to the operator's own key. No bank tells us it was paid: the super user confirms
 * it (PUT /invoices/:id { status: 'paid' }), which goes through the same guarded transition.
 */
export const pixGateway: Gateway = {
  name: 'pix',
  misconfigured: ({ pix }) => pixDataProblem(pix),
  async createCharge({ invoice, config }) {
    const txid = invoiceTxid(invoice.id);
    const payload = buildStaticPix({
      key: config.pix.key, merchantName: config.pix.merchantName, merchantCity: config.pix.merchantCity, amount: invoice.value, txid,
    });
    return { chargeId: null, payload, txid, expiresAt: null };
  },
};
