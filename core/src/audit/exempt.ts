/**
 * Authenticated write routes that are not staff changes to the company's set-up, and why. They run without an
 * audit actor (no entry, no extra statement), and the completeness test (core/test/audit/completeness.test.ts)
 * skips them. Every other write route must leave an entry when it succeeds. Public routes (sign-up, webhooks,
 * login) are never audited as routes; logins are logged by the auth routes themselves.
 */
export const AUDIT_EXEMPT: Record<string, string> = {
  'POST /api/messages/:ticketId': 'sends a message to a customer: the conversation itself, not a change of set-up',
  'POST /api/messages/:id/retry': 'sends a failed message again',
  'POST /api/messages/edit/:messageId': 'edits a message of the conversation (its history is kept by message edits)',
  'POST /api/messages/react/:messageId': 'a reaction in the conversation',
  'DELETE /api/messages/:id': 'deletes one\'s own message of the conversation for everyone (kept in the history, marked deleted)',
  'POST /api/messages/forward': 'sends a copy of a message to a customer',
  'POST /api/whatsapp-cloud/tickets/:ticketId/template': 'sends a template message to a customer',
  'POST /api/chats/:id/messages': 'a message of the internal chat between staff',
  'POST /api/chats/:id/read': 'marks the internal chat read for its reader',
  'POST /api/sandbox/:connectionId/inbound': 'the sandbox\'s simulated customer message (the inbound path)',
  'POST /api/sandbox/:connectionId/presence': 'the sandbox\'s simulated customer typing: told live, nothing stored',
  'POST /api/queueIntegration/testSession': 'tries an integration\'s credentials; stores nothing',
  'POST /api/copilot/suggest': 'asks the copilot for a reply suggestion (counts usage only)',
  'POST /api/copilot/summarise': 'asks the copilot for a summary (counts usage only)',
  'POST /api/copilot/improve': 'asks the copilot to rewrite a draft (counts usage only)',
  'POST /api/copilot/translate': 'asks the copilot to translate a message (caches the translation, counts usage)',
  'POST /api/relay/ping': 'the test plugin\'s call out; stores nothing',
};

export const isExempt = (key: string) => Object.prototype.hasOwnProperty.call(AUDIT_EXEMPT, key);
