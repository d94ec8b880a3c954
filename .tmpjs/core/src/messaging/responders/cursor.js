function cursorPastPassed(knex, passedByTicket) {
  const whens = [];
  const bindings = [];
  for (const [ticketId, passed] of passedByTicket) {
    if (!passed.length) continue;
    const newest = Math.max(...passed);
    whens.push(`WHEN ?? = ? AND ?? < ? AND NOT EXISTS (SELECT 1 FROM ?? WHERE ?? = ? AND ?? = 0 AND ?? = 0 AND ?? > ?? AND ?? < ? AND ?? NOT IN (${passed.map(() => "?").join(", ")}) AND (?? IS NULL OR ?? <> 'call_log')) THEN ?`);
    bindings.push(
      "tickets.id",
      ticketId,
      "tickets.botCursor",
      newest,
      "messages",
      "messages.ticketId",
      ticketId,
      "messages.fromMe",
      "messages.botPassed",
      "messages.id",
      "tickets.botCursor",
      "messages.id",
      newest,
      "messages.id",
      ...passed,
      "messages.mediaType",
      "messages.mediaType",
      newest
    );
  }
  if (!whens.length) return knex.raw("??", ["tickets.botCursor"]);
  return knex.raw(`CASE ${whens.join(" ")} ELSE ?? END`, [...bindings, "tickets.botCursor"]);
}
export {
  cursorPastPassed
};
