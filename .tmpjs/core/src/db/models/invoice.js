import { TenantModel } from "../model.js";
class Invoice extends TenantModel {
  static tableName = "invoices";
  static dateColumns = ["chargeExpiresAt", "paidAt"];
  detail;
  value;
  dueDate;
  status;
  txid;
  payload;
  /** The company due date a generated invoice bills (unique per company); null for a manual one. */
  cycleDueDate;
  gateway;
  chargeId;
  chargeValue;
  chargeExpiresAt;
  paidAt;
  paidValue;
  paidVia;
  $parseDatabaseJson(json) {
    const parsed = super.$parseDatabaseJson(json);
    for (const money of ["value", "chargeValue", "paidValue"]) {
      if (parsed[money] !== void 0 && parsed[money] !== null) parsed[money] = Number(parsed[money]);
    }
    return parsed;
  }
}
export {
  Invoice
};
