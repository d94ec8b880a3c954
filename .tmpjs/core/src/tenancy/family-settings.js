const TOGGLE = ["enabled", "disabled"];
const MINUTES = { min: 0, max: 525600 };
const FAMILY_SETTINGS = {
  ticketAcceptedMessage: { default: "", effect: "built", note: "the text sent to the contact when an agent accepts a ticket (replaces the default greeting)" },
  transferMessage: { default: "", effect: "built", note: "the text sent to the contact when a ticket is transferred (replaces the default)" },
  _paymentGateway: { default: "", effect: "mapped", mapsTo: "billingGateway", note: "the platform's payment gateway (super user only)" },
  chatbotAutoExit: { default: "disabled", allowed: TOGGLE, effect: "none", note: "the queue menu gives way to people after maxUseBotQueues wrong answers already" },
  quickMessages: { default: "company", allowed: ["company", "individual"], effect: "none", note: "quick messages are per company, with their owner shown" },
  downloadLimit: { default: "", range: { min: 0, max: 2048 }, effect: "none", note: "media sizes follow the provider's own limits" },
  ratingsTimeout: { default: "", range: MINUTES, effect: "none", note: "a rating is taken from the contact's next answer on the closed ticket" },
  autoReopenTimeout: { default: "", range: MINUTES, effect: "built", note: "a contact writing that many minutes or less after a close goes on in that ticket (messaging/auto-reopen.ts)" },
  tagsMode: { default: "ticket", allowed: ["ticket", "contact", "both"], effect: "none", note: "tickets and contacts both have tags" },
  groupsTab: { default: "disabled", allowed: TOGGLE, effect: "none", note: "not built yet: group tickets are listed with the others" },
  soundGroupNotifications: { default: "disabled", allowed: TOGGLE, effect: "none", note: "the console's sound is per browser" },
  gracePeriod: { default: "", range: { min: 0, max: 365 }, effect: "none", note: "a company expires on its due date (core \xA75)" },
  keepUserAndQueue: { default: "enabled", allowed: TOGGLE, effect: "none", note: "a reopened ticket keeps its agent; closing clears the queue, as the core's close does" },
  showNumericIcons: { default: "disabled", allowed: TOGGLE, effect: "none", note: "a display choice of the client" },
  defaultLanguage: { default: "", allowed: ["", "pt", "pt-BR", "en", "es"], effect: "built", note: "the console's language at sign-in for users who did not choose one (host-web session/language.ts)" },
  outOfHoursAction: { default: "pending", allowed: ["pending", "closed"], effect: "built", note: "'closed': after the out-of-hours message the ticket is closed (messaging/chatbot.ts)" },
  noQueueTimeout: { default: "", range: MINUTES, effect: "built", note: "minutes a ticket may wait without a queue and an agent before it is closed (tickets/inactivity.ts)" },
  openTicketTimeout: { default: "", range: MINUTES, effect: "none", note: "each connection's inactivity expiry does this (expiresTicket)" },
  apiToken: { default: "", effect: "none", note: "the messages API authenticates with each connection's token; the value is not kept" }
};
const isFamilySetting = (key) => Object.prototype.hasOwnProperty.call(FAMILY_SETTINGS, key);
const storedKeyOf = (key) => isFamilySetting(key) ? FAMILY_SETTINGS[key].mapsTo ?? key : key;
const FAMILY_DEFAULTS = Object.fromEntries(
  Object.entries(FAMILY_SETTINGS).filter(([, s]) => !s.mapsTo).map(([key, s]) => [key, s.default])
);
export {
  FAMILY_DEFAULTS,
  FAMILY_SETTINGS,
  isFamilySetting,
  storedKeyOf
};
