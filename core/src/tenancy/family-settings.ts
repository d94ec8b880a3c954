/**
 * The settings keys the family's web client (Ticketz) writes from its settings screen (issue 43), beside the
 * spec's keys (settings.ts). Each is accepted by PUT /settings/:key and listed by GET /settings with its default,
 * without being seeded into every company's rows. What each does here (docs/compatibility.md, docs/decisions.md
 * "Family settings keys"):
 * - `effect: 'built'`: Atrium does what the client means (the behaviour named in `note`);
 * - `effect: 'mapped'`: the value is read and written as Atrium's own key `mapsTo`;
 * - `effect: 'none'`: stored and shown back, deliberately without effect (the documented "no effect" list).
 */
export interface FamilySetting {
  default: string;
  /** The values the key accepts; absent: any text (or `range`). */
  allowed?: readonly string[];
  /** A whole number in this range ('' is 0, off). */
  range?: { min: number; max: number };
  effect: 'built' | 'mapped' | 'none';
  mapsTo?: string;
  note: string;
}

const TOGGLE = ['enabled', 'disabled'] as const;
const MINUTES = { min: 0, max: 525_600 };

export const FAMILY_SETTINGS: Record<string, FamilySetting> = {
  ticketAcceptedMessage: { default: '', effect: 'built', note: 'the text sent to the contact when an agent accepts a ticket (replaces the default greeting)' },
  transferMessage: { default: '', effect: 'built', note: 'the text sent to the contact when a ticket is transferred (replaces the default)' },
  _paymentGateway: { default: '', effect: 'mapped', mapsTo: 'billingGateway', note: 'the platform\'s payment gateway (super user only)' },
  chatbotAutoExit: { default: 'disabled', allowed: TOGGLE, effect: 'none', note: 'the queue menu gives way to people after maxUseBotQueues wrong answers already' },
  quickMessages: { default: 'company', allowed: ['company', 'individual'], effect: 'none', note: 'quick messages are per company, with their owner shown' },
  downloadLimit: { default: '', range: { min: 0, max: 2048 }, effect: 'none', note: 'media sizes follow the provider\'s own limits' },
  ratingsTimeout: { default: '', range: MINUTES, effect: 'none', note: 'a rating is taken from the contact\'s next answer on the closed ticket' },
  autoReopenTimeout: { default: '', range: MINUTES, effect: 'built', note: 'a contact writing that many minutes or less after a close goes on in that ticket (messaging/auto-reopen.ts)' },
  tagsMode: { default: 'ticket', allowed: ['ticket', 'contact', 'both'], effect: 'none', note: 'tickets and contacts both have tags' },
  groupsTab: { default: 'disabled', allowed: TOGGLE, effect: 'none', note: 'not built yet: group tickets are listed with the others' },
  soundGroupNotifications: { default: 'disabled', allowed: TOGGLE, effect: 'none', note: 'the console\'s sound is per browser' },
  gracePeriod: { default: '', range: { min: 0, max: 365 }, effect: 'none', note: 'a company expires on its due date (core §5)' },
  keepUserAndQueue: { default: 'enabled', allowed: TOGGLE, effect: 'none', note: 'a reopened ticket keeps its agent; closing clears the queue, as the core\'s close does' },
  showNumericIcons: { default: 'disabled', allowed: TOGGLE, effect: 'none', note: 'a display choice of the client' },
  defaultLanguage: { default: '', allowed: ['', 'pt', 'pt-BR', 'en', 'es'], effect: 'built', note: 'the console\'s language at sign-in for users who did not choose one (host-web session/language.ts)' },
  outOfHoursAction: { default: 'pending', allowed: ['pending', 'closed'], effect: 'built', note: '\'closed\': after the out-of-hours message the ticket is closed (messaging/chatbot.ts)' },
  noQueueTimeout: { default: '', range: MINUTES, effect: 'built', note: 'minutes a ticket may wait without a queue and an agent before it is closed (tickets/inactivity.ts)' },
  openTicketTimeout: { default: '', range: MINUTES, effect: 'none', note: 'each connection\'s inactivity expiry does this (expiresTicket)' },
  apiToken: { default: '', effect: 'none', note: 'the messages API authenticates with each connection\'s token; the value is not kept' },
};

export const isFamilySetting = (key: string) => Object.prototype.hasOwnProperty.call(FAMILY_SETTINGS, key);

/** The key a family key is stored under (its Atrium twin when mapped). */
export const storedKeyOf = (key: string) => (isFamilySetting(key) ? FAMILY_SETTINGS[key].mapsTo ?? key : key);

/** The family keys' defaults, for the settings list (mapped keys show their twin's value instead). */
export const FAMILY_DEFAULTS: Record<string, string> = Object.fromEntries(
  Object.entries(FAMILY_SETTINGS).filter(([, s]) => !s.mapsTo).map(([key, s]) => [key, s.default]),
);
