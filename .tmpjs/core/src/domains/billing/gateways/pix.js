import { buildStaticPix } from "../brcode.js";
const invoiceTxid = (invoiceId) => `ATRIUMINV${invoiceId}`;
function pixDataProblem(pix) {
  if (!pix.key || !pix.merchantName || !pix.merchantCity) return "pixKey, pixMerchantName and pixMerchantCity are required";
  try {
    buildStaticPix({ key: pix.key, merchantName: pix.merchantName, merchantCity: pix.merchantCity, amount: 1, txid: "CHECK" });
    return void 0;
  } catch (err) {
    return err.message;
  }
}
const pixGateway = {
  name: "pix",
  misconfigured: ({ pix }) => pixDataProblem(pix),
  async createCharge({ invoice, config }) {
    const txid = invoiceTxid(invoice.id);
    const payload = buildStaticPix({
      key: config.pix.key,
      merchantName: config.pix.merchantName,
      merchantCity: config.pix.merchantCity,
      amount: invoice.value,
      txid
    });
    return { chargeId: null, payload, txid, expiresAt: null };
  }
};
export {
  invoiceTxid,
  pixDataProblem,
  pixGateway
};
