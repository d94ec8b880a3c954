import t from 'tap';
import { readFileSync } from 'node:fs';
import { DOC, withTable } from '../socket-events.js';

t.test('the "Socket events" table of docs/architecture.md is the one the event catalogue generates', async (t) => {
  const doc = readFileSync(DOC, 'utf8');
  t.equal(doc, withTable(doc), 'run `npx tsx tooling/docs/socket-events.ts` after changing core/src/bus/events.ts');
  t.match(doc, /`company-\{id\}-ticket` \| ticket \|/, 'the ticket event is listed with its audience');
});
