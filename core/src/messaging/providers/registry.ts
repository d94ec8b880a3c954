import type { Knex } from 'knex';
import type { TObject } from '@sinclair/typebox';
import { AppError } from '../../http/errors.js';
import type { MessagingProvider, ProviderContext } from '../provider.js';
import type { PluginDb } from '../../sdk/db.js';

/**
 * What a channel can do: the console's composer and message menu, the bots, campaigns and flows read it instead
 * of naming a channel kind (GET /providers lists it per kind). Absent means "not offered".
 */
export interface ChannelCapabilities {
  /**
   * How a contact is addressed: 'phone' (a number with country code: the contact's `number`) or 'opaque'
   * (a chat id, a page-scoped id: kept as the contact's identity on the channel, never as a phone number).
   */
  addressing: 'phone' | 'opaque';
  text: boolean;
  /** Media kinds sent out, each with its largest size in bytes. */
  media: Partial<Record<'image' | 'audio' | 'video' | 'document' | 'sticker', { maxBytes: number }>>;
  reply: boolean;
  reactions: boolean;
  /** Replacing the text of a sent message; `windowMinutes`: how long after sending (null: no limit). */
  edit: { windowMinutes: number | null } | false;
  delete: boolean;
  /** Pre-approved templates (sent when the service window is closed). */
  templates: boolean;
  /**
   * Free-form messages only within this many hours of the contact's last message (null: no window). `rule` names
   * what the channel allows beyond it: 'templates' (approved templates only), 'human-agent-tag' (a person's message, tagged, for a further while).
   */
  serviceWindow: { hours: number; rule: 'templates' | 'human-agent-tag' } | null;
  typing: boolean;
  readReceipts: boolean;
  /** Whether the business may write first (a campaign, a schedule, a new ticket to a contact never heard from). */
  startConversation: boolean;
  /** Groups (WhatsApp's): the group tabs, participants. */
  groups: boolean;
}

/** A channel's own connection settings (a bot token, a page id), sent as `settings` with POST/PUT /whatsapp. */
export interface ConnectionSettingsDoor {
  /** Validated before anything is stored (ERR_VALIDATION naming `body/settings/...`). */
  schema: TObject;
  /** A new connection of this kind cannot be created without them (ERR_PROVIDER_SETTINGS_REQUIRED). */
  required?: boolean;
  /**
   * Stores them in the connection's transaction (seal secrets here); on PUT, `values` holds only what was sent. A
   * plugin's door gets `db`: its own tables (sdk.db) inside that transaction.
   */
  save(input: { companyId: number; whatsappId: number; values: Record<string, unknown>; trx: Knex.Transaction; isNew: boolean; db?: PluginDb }): Promise<void>;
}

/** What a send looks like before it is stored: enough for a provider's rules (a service window), nothing more. */
export interface SendCheck {
  companyId: number;
  whatsappId: number;
  contactId: number;
  /** The contact's number (digits) or group id. */
  to: string;
  isGroup: boolean;
  /** Who sends: a person (userId) or the automation (bots, campaigns, flows: null). */
  userId: number | null;
}

/** A channel template as a picker shows it: its body text and how many {{n}} variables it takes. */
export interface TemplateView { name: string; language: string; status: string; category: string | null; body: string; variables: number }

/** Which template to send, with its variables' values in order. */
export interface TemplateChoice { name: string; language: string; parameters?: string[] }

/** A template ready for `messages.send`/`sendToNumber`: `body` is its text as the customer reads it. */
export interface PreparedTemplate { body: string; template: { name: string; language: string; parameters: string[] } }

/**
 * A channel's pre-approved templates (capability `templates`): the core's `sdk.services.templates` hands each call
 * to the connection's provider, so campaigns and flows use templates without naming a channel.
 */
export interface ChannelTemplates {
  /** The connection's templates; `refresh` reads them from the channel again. */
  list(companyId: number, whatsappId: number, refresh?: boolean): Promise<TemplateView[]>;
  /** Checks the choice (an approved template with exactly its variables) and renders it. */
  prepare(companyId: number, whatsappId: number, choice: TemplateChoice): Promise<PreparedTemplate>;
}

/** A provider operation another module asks the session's process to run (a webhook's delivery). */
export type ProviderOperationRun = (provider: MessagingProvider, args: unknown[]) => Promise<unknown>;

/** A connection provider a plugin adds (docs/plugins.md "A connection provider"). */
export interface ProviderRegistration {
  /** Builds the provider of one connection; its events reach the core's pipeline like the built-in ones'. */
  create(ctx: ProviderContext): MessagingProvider | Promise<MessagingProvider>;
  /**
   * Runs before a free-form message is stored, in whichever process takes the send: throw an AppError to
   * refuse it (the caller sees the error; nothing is stored). For channel rules such as a service window.
   */
  beforeSend?(check: SendCheck): Promise<void> | void;
  /** What the channel can do (ChannelCapabilities); required of every provider. */
  capabilities: ChannelCapabilities;
  /** The channel's own connection settings, if it has any. */
  settings?: ConnectionSettingsDoor;
  /** The channel's templates, when `capabilities.templates` is set (sdk.services.templates reaches them). */
  templates?: ChannelTemplates;
  /**
   * The channel's icon in the console (ticket list, ticket header, channel filter): a PrimeIcons class
   * (`pi pi-send`) or an image URL the plugin serves. The built-in kinds show WhatsApp's.
   */
  icon?: string;
  /**
   * The plan flag of the plugin that registered the kind (set by the core): a company whose plan lacks it cannot
   * create or switch a connection to the kind (403 ERR_PLAN_FEATURE_DISABLED).
   */
  planFlag?: string;
  /** The channel's name as the console shows it (`{ pt, en, es }`), for the filter and the connection form. */
  label?: Partial<Record<'pt' | 'en' | 'es', string>>;
}

/** The built-in channels' capabilities. WhatsApp's (Baileys) edits for 15 minutes; the sandbox behaves like it. */
const WHATSAPP_WEB: ChannelCapabilities = {
  addressing: 'phone', text: true,
  media: { image: { maxBytes: 16 << 20 }, audio: { maxBytes: 16 << 20 }, video: { maxBytes: 16 << 20 }, document: { maxBytes: 100 << 20 }, sticker: { maxBytes: 1 << 20 } },
  reply: true, reactions: true, edit: { windowMinutes: 15 }, delete: true, templates: false, serviceWindow: null,
  typing: true, readReceipts: true, startConversation: true, groups: true,
};
export const BUILT_IN_CAPABILITIES: Record<(typeof BUILT_IN_KINDS)[number], ChannelCapabilities> = {
  sandbox: WHATSAPP_WEB, beta: WHATSAPP_WEB, baileys: WHATSAPP_WEB,
};

/** The kinds the core carries itself ('beta' is the spec's default and means Baileys). */
export const BUILT_IN_KINDS = ['sandbox', 'beta', 'baileys'] as const;
export const PROVIDER_KIND_PATTERN = '^[a-z][a-z0-9_-]{1,31}$';
const KIND = new RegExp(PROVIDER_KIND_PATTERN);

/** The providers plugins registered, by connection `provider` value. One per app (tests build several apps). */
export class ProviderRegistry {
  private readonly byKind = new Map<string, ProviderRegistration>();
  private readonly ops = new Map<string, ProviderOperationRun>();

  register(kind: string, registration: ProviderRegistration): void {
    if (!KIND.test(kind)) throw new Error(`provider kind "${kind}" must match ${KIND}`);
    if ((BUILT_IN_KINDS as readonly string[]).includes(kind) || this.byKind.has(kind)) {
      throw new Error(`provider kind "${kind}" is already registered`);
    }
    this.byKind.set(kind, registration);
  }

  get(kind: string): ProviderRegistration | undefined {
    return this.byKind.get(kind);
  }

  /** The channel's capabilities; undefined for an unknown kind (a plugin that is no longer installed). */
  capabilities(kind: string): ChannelCapabilities | undefined {
    return (BUILT_IN_CAPABILITIES as Record<string, ChannelCapabilities>)[kind] ?? this.byKind.get(kind)?.capabilities;
  }

  /** Every value a connection's `provider` may take. */
  kinds(): string[] {
    return [...BUILT_IN_KINDS, ...this.byKind.keys()];
  }

  assertKnown(kind: string): void {
    if (!this.kinds().includes(kind)) {
      throw new AppError('ERR_UNKNOWN_PROVIDER', 400, `Unknown provider "${kind}"`, { field: 'body/provider' });
    }
  }

  /** A provider operation, named `<kind>.<op>`, the session manager runs where the session is driven. */
  defineOperation(name: string, run: ProviderOperationRun): void {
    this.ops.set(name, run);
  }

  operation(name: string): ProviderOperationRun | undefined {
    return this.ops.get(name);
  }

  /** The registered provider's pre-send rule for this connection kind, if it has one. */
  async beforeSend(kind: string, check: SendCheck): Promise<void> {
    await this.byKind.get(kind)?.beforeSend?.(check);
  }
}

/** The session manager's part the SDK needs (messaging/sessions.ts). */
interface SessionOperations {
  onHolder(whatsappId: number, op: string, args: unknown[]): Promise<unknown>;
}

/** `sdk.providers`: how a plugin adds a connection provider (docs/plugins.md "A connection provider"). */
export interface ProvidersApi {
  /**
   * Adds a connection kind: connections whose `provider` is `kind` are driven by `create`'s provider. Each of
   * `operations` may then be run on a connection's provider with `run(whatsappId, '<kind>.<op>', args)`.
   */
  register(kind: string, registration: ProviderRegistration & { operations?: Record<string, ProviderOperationRun> }): void;
  /**
   * Runs a registered operation on the connection's running provider, in the process that drives its session
   * (with several API processes, maybe another one: the arguments and the answer travel as JSON). The caller
   * has checked the connection's company. ERR_WAPP_NOT_INITIALIZED when the session is not running.
   */
  run(whatsappId: number, op: string, args: unknown[]): Promise<unknown>;
}

/** `sessions` is read at call time: the session manager is built after the SDK (messaging plugin). */
export function createProvidersApi(registry: ProviderRegistry, sessions: () => SessionOperations): ProvidersApi {
  return {
    register(kind, { operations, ...registration }) {
      registry.register(kind, registration);
      // Prefixed with the kind: two providers' operations never collide in the session manager.
      for (const [op, run] of Object.entries(operations ?? {})) registry.defineOperation(`${kind}.${op}`, run);
    },
    run(whatsappId, op, args) {
      if (!registry.operation(op)) throw new Error(`no provider operation "${op}" was registered (name it "<kind>.<op>")`);
      return sessions().onHolder(whatsappId, op, args);
    },
  };
}
