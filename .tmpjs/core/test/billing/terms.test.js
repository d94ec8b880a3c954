import t from "tap";
import { addMonths } from "../../src/util/dates.js";
import { dueDateAfterPayment, invoiceValue, monthsOf } from "../../src/domains/billing/terms.js";
t.test("a month later keeps the day, clamped at month end (Jan 31 + 1 month = Feb 28, or 29 in a leap year)", async (t2) => {
  t2.equal(addMonths("2025-01-31", 1), "2025-02-28");
  t2.equal(addMonths("2024-01-31", 1), "2024-02-29");
  t2.equal(addMonths("2025-03-31", 1), "2025-04-30");
  t2.equal(addMonths("2025-01-15", 1), "2025-02-15");
  t2.equal(addMonths("2025-11-30", 3), "2026-02-28");
  t2.equal(addMonths("2024-02-29", 12), "2025-02-28");
  t2.equal(addMonths("2025-12-10", 1), "2026-01-10");
});
t.test("each recurrence is priced as the plan value times its months", async (t2) => {
  t2.same(["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"].map(monthsOf), [1, 2, 3, 6, 12]);
  t2.equal(invoiceValue(149.9, "MENSAL"), 149.9);
  t2.equal(invoiceValue(149.9, "BIMESTRAL"), 299.8);
  t2.equal(invoiceValue(149.9, "TRIMESTRAL"), 449.7);
  t2.equal(invoiceValue(149.9, "SEMESTRAL"), 899.4);
  t2.equal(invoiceValue(149.9, "ANUAL"), 1798.8);
  t2.equal(invoiceValue(149.9, null), 149.9, "no recurrence bills monthly");
});
t.test("a payment moves the due date one period from the due date, or from today once it has passed", async (t2) => {
  t2.equal(dueDateAfterPayment("2030-01-31", "MENSAL", "2030-01-20"), "2030-02-28", "paid early: from the due date");
  t2.equal(dueDateAfterPayment("2030-01-20", "TRIMESTRAL", "2030-01-20"), "2030-04-20", "paid on the day");
  t2.equal(dueDateAfterPayment("2029-12-01", "MENSAL", "2030-01-20"), "2030-02-20", "already expired: a full period from today");
  t2.equal(dueDateAfterPayment(null, "ANUAL", "2030-01-20"), "2031-01-20");
});
