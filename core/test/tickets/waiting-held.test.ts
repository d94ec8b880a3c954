import t from 'tap';
import { canAccept, heldByColleague } from '../../../host-web/src/pages/tickets/waiting.js';

/**
 * An agent's Waiting list (issue 41, item 10): a ticket transferred to a colleague and not yet taken up is the
 * colleague's, shown under their name and without Accept; free work (nobody's) and work held for me keep Accept.
 */
const ME = 7;
const COLLEAGUE = 8;

t.test('a Waiting ticket held for a colleague is theirs, not free work', async (t) => {
  t.equal(heldByColleague({ status: 'pending', userId: COLLEAGUE }, ME), true);
  t.equal(canAccept({ status: 'pending', userId: COLLEAGUE }, ME), false, 'no Accept on a colleague\'s ticket');
});

t.test('free Waiting work and work held for me can be accepted', async (t) => {
  t.equal(canAccept({ status: 'pending', userId: null }, ME), true, 'nobody\'s ticket');
  t.equal(canAccept({ status: 'pending', userId: ME }, ME), true, 'a ticket transferred to me');
  t.equal(heldByColleague({ status: 'pending', userId: ME }, ME), false);
});

t.test('only Waiting tickets have Accept', async (t) => {
  t.equal(canAccept({ status: 'open', userId: null }, ME), false);
  t.equal(heldByColleague({ status: 'open', userId: COLLEAGUE }, ME), false, 'an open ticket of a colleague is not "held"');
});
