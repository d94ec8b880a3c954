/**
 * The provider interface: one normalised shape for every messaging channel. A provider turns a
 * channel's own events (Baileys, the sandbox, …) into these, and sends what the core asks it to.
 * A new channel is one module implementing `MessagingProvider`, registered through `sdk.providers.register`
 * (providers/registry.ts; the core's cloud provider is registered that way) or, for a built-in one, one line in
 * providers/index.ts.
 */

export type InboundKind =
  | 'text' | 'image' | 'audio' | 'video' | 'document' | 'location' | 'vcard' | 'call_log'
  | 'reaction' | 'edit' | 'delete' | 'sticker';

export interface InboundMedia {
  /** The bytes, already downloaded by the provider (or a function that downloads them lazily). */
  data: Buffer | (() => Promise<Buffer>);
  mimetype: string;
  filename?: string;
}

/** A message from a contact (or sent from the phone itself: fromMe), normalised. */
export interface InboundMessage {
  /** The provider's id of the message: the idempotency key with the connection id. */
  providerId: string;
  /**
   * The contact's address on the channel: on a 'phone'-addressed channel (ChannelCapabilities.addressing) its
   * number, digits only with country code (for a group, the group's id digits); on an 'opaque' one the channel's
   * id for the person (a chat id, a page-scoped id), which the core keeps as the contact's identity on
   * that channel and never as a phone number.
   */
  from: string;
  /** WhatsApp's @lid id when the channel sent one; mapped to `from` so one person is one contact. */
  lid?: string;
  pushName?: string;
  fromMe: boolean;
  isGroup: boolean;
  /** For group messages: who in the group wrote it. */
  participant?: string;
  kind: InboundKind;
  body: string;
  media?: InboundMedia;
  /** providerId of the message this one replies to. */
  quotedProviderId?: string;
  /** For edit/delete/reaction: the providerId of the message concerned. */
  targetProviderId?: string;
  /** Location, vcard, call details … kept as message data. */
  data?: Record<string, unknown>;
  timestamp: Date;
  /**
   * What the channel told about the contact with this message (a deep-link payload the contact came with): kept as the
   * contact's extra info, one field per name (a field of the same name is replaced).
   */
  contactFields?: Record<string, string>;
}

export interface AckUpdate {
  providerId: string;
  ack: 0 | 1 | 2 | 3 | 4 | 5;
  /** The channel reports the message was not delivered: it shows as failed, with this reason. */
  error?: string;
}

/** A contact typing or recording a voice note in a one-to-one chat (`paused`: stopped without sending). Nothing is stored. */
export interface PresenceUpdate {
  /** The sender as in InboundMessage.from: a number, or the channel's address on an opaque channel. */
  from: string;
  /** WhatsApp's @lid of the sender, when it came without a number (as InboundMessage.lid). */
  lid?: string;
  presence: ContactPresence;
}
export type ContactPresence = 'composing' | 'recording' | 'paused';

export type SessionStatus = 'qrcode' | 'PAIRING' | 'OPENING' | 'CONNECTED' | 'TIMEOUT' | 'DISCONNECTED';

/** What a provider reports back to the core (implemented by the session manager). */
export interface ProviderEvents {
  /** `reason`: an error code of the catalogue (kept for the console), `params`: the values its text names (the error's details). */
  onStatus(status: SessionStatus, details?: { qrcode?: string; number?: string; reason?: string; params?: Record<string, unknown> }): Promise<void> | void;
  onMessage(message: InboundMessage): Promise<void>;
  onAck(update: AckUpdate): Promise<void> | void;
  /** An incoming call, per the `call` setting the core may reject it and log a call_log message. */
  onCall?(call: { from: string; providerId: string; isVideo: boolean; timestamp: Date }): Promise<void> | void;
  /** The contact is typing or recording (channels whose capabilities say `typing`): told live, never queued or kept. */
  onPresence?(update: PresenceUpdate): void;
}

export interface OutboundMessage {
  /** Destination number (digits) or group id. */
  to: string;
  isGroup?: boolean;
  body?: string;
  media?: { path: string; mimetype: string; filename: string; caption?: string; asVoice?: boolean };
  /** providerId of the message being replied to. */
  quotedProviderId?: string;
  /** Whether the quoted message is one we sent (WhatsApp keys a message by id and direction). */
  quotedFromMe?: boolean;
  /** Sent as forwarded from another conversation. */
  forwarded?: boolean;
  /** A pre-approved template (channels with a service window): sent instead of `body`. */
  template?: { name: string; language: string; parameters: string[] };
}

/** A message an edit or a reaction points at: its id and whether we sent it. */
export interface MessageTarget { to: string; isGroup?: boolean; providerId: string; fromMe: boolean }

export interface SentMessage { providerId: string; ack: number }

export interface MessagingProvider {
  /** Starts (or resumes) the session; status and QR arrive through ProviderEvents. */
  start(): Promise<void>;
  /** Drops the paired session and asks for a new QR. */
  requestNewQr(): Promise<void>;
  /** Closes the session; `logout` also unpairs the phone and forgets the stored auth state. */
  stop(options?: { logout?: boolean }): Promise<void>;
  send(message: OutboundMessage): Promise<SentMessage>;
  deleteMessage(to: string, providerId: string, fromMe: boolean): Promise<void>;
  /** Replaces the text of a message we sent (WhatsApp allows it for 15 minutes). */
  editMessage(target: MessageTarget, body: string): Promise<void>;
  /** Reacts to a message with an emoji; '' removes the reaction. */
  react(target: MessageTarget, emoji: string): Promise<void>;
  /** Whether the number has an account on the channel (false answers ERR_WAPP_INVALID_CONTACT). */
  checkNumber(number: string): Promise<{ exists: boolean; number: string }>;
  profilePictureUrl(number: string): Promise<string | undefined>;
  /** The phone's address book (numbers and names), on providers that have one (Baileys); absent elsewhere. */
  listContacts?(): Promise<PhoneContact[]>;
}

/** A contact of the phone's address book. */
export interface PhoneContact { number: string; name: string }

export interface ProviderContext {
  companyId: number;
  whatsappId: number;
  events: ProviderEvents;
  log: { info: (o: object, m?: string) => void; warn: (o: object, m?: string) => void; error: (o: object, m?: string) => void };
}
