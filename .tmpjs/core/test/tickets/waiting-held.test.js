import t from "tap";
import { canAccept, heldByColleague } from "../../../host-web/src/pages/tickets/waiting.js";
const ME = 7;
const COLLEAGUE = 8;
t.test("a Waiting ticket held for a colleague is theirs, not free work", async (t2) => {
  t2.equal(heldByColleague({ status: "pending", userId: COLLEAGUE }, ME), true);
  t2.equal(canAccept({ status: "pending", userId: COLLEAGUE }, ME), false, "no Accept on a colleague's ticket");
});
t.test("free Waiting work and work held for me can be accepted", async (t2) => {
  t2.equal(canAccept({ status: "pending", userId: null }, ME), true, "nobody's ticket");
  t2.equal(canAccept({ status: "pending", userId: ME }, ME), true, "a ticket transferred to me");
  t2.equal(heldByColleague({ status: "pending", userId: ME }, ME), false);
});
t.test("only Waiting tickets have Accept", async (t2) => {
  t2.equal(canAccept({ status: "open", userId: null }, ME), false);
  t2.equal(heldByColleague({ status: "open", userId: COLLEAGUE }, ME), false, 'an open ticket of a colleague is not "held"');
});
