import type { FastifyBaseLogger } from 'fastify';
import type { Contact, Message, Queue, Ticket, Whatsapp } from '../../db/models/index.js';
import type { StoredFile } from '../../storage/index.js';
import type { FailureSource } from './failures.js';

/**
 * The chain's places, in the order an inbound message meets them: a flow run waiting on the ticket,
 * a phrase-campaign trigger, the integration (connection's, else queue's), the AI prompt (connection's,
 * else queue's), the core's queue option menu.
 */
export const RESPONDER_PLACES = ['flow', 'phrase', 'integration', 'prompt', 'menu'] as const;
export type ResponderPlace = typeof RESPONDER_PLACES[number];

/** What a responder gets for one inbound message. */
export interface ResponderContext {
  companyId: number;
  ticket: Ticket;
  contact: Contact;
  message: Message;
  connection: Whatsapp;
  /** The ticket's queue, when it has one. */
  queue: Queue | null;
  /** The message opened the ticket (it is the ticket's first message). */
  isNewTicket: boolean;
  /** This responder already holds the conversation: its claim routed the message here. */
  isOwner: boolean;
  /** The integration that applies: the connection's, else the ticket's queue's. */
  integrationId: number | null;
  /** The AI prompt that applies: the connection's, else the ticket's queue's. */
  promptId: number | null;
  /**
   * Set when another responder handed the conversation here with `ctx.delegate(yourId, payload)`: that payload
   * (e.g. which flow to start). Undefined on an ordinary turn.
   */
  start?: unknown;
  /** Aborted when the responder ran out of time (its answer is no longer wanted). */
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /**
   * Sends on the ticket as the bot. Resolves to null (nothing sent) once the run is over (timed out,
   * handed off) or a person took the ticket meanwhile.
   */
  send(input: { body?: string; media?: StoredFile }): Promise<Message | null>;
  /**
   * Gives the ticket to people: pending in its queue, a note for the agents, no bot until one of them acts.
   * `queueId` (one of the company's queues) moves it there in the same change, announced and counted as one.
   */
  handOff(reason: string, options?: { queueId?: number | null }): Promise<void>;
  /**
   * The bot could not answer (its service unreachable, the key refused, the quota used up…): hands the ticket to
   * people as `handOff` does, with a note saying why (the core reads `error`: the `openai` package's errors, the
   * SDK's OutboundHttpError, or any error with a numeric `status`), tells the company's admins
   * (`responderFailure` event) and keeps it as `source`'s last failure, which the bot's screen reads back
   * through `sdk.services.responderFailures.last(companyId, source.kind, ids)`.
   */
  fail(error: unknown, options: { source: FailureSource; queueId?: number | null }): Promise<void>;
  /** Ends this responder's hold: the next message walks the chain from the start. */
  release(): Promise<void>;
  /**
   * Hands the conversation to another registered responder: once your `handle` returns, the chain runs that one
   * on this same message, with `ctx.start = payload` and its own timeout; its claim (not yours) then holds the
   * ticket. Resolves false (nothing handed) when no such responder is registered and enabled for the company,
   * or it is yourself; then decide yourself. Your own return value no longer matters once it resolved true.
   */
  delegate(responderId: string, payload?: unknown): Promise<boolean>;
}

/**
 * What a responder is shown to say whether it could act on a message, before its turn exists: the rows ingestion
 * already holds, and the connection and queue from the core's caches. No statement should be needed to answer.
 */
export interface ResponderProbe {
  companyId: number;
  ticket: Ticket;
  message: Message;
  connection: Whatsapp;
  /** The ticket's queue (from the connection's cached queues), when it has one. */
  queue: Queue | null;
  /** The integration that applies: the connection's, else the ticket's queue's. */
  integrationId: number | null;
  /** The AI prompt that applies: the connection's, else the ticket's queue's. */
  promptId: number | null;
}

export interface Responder {
  /** Unique, lower-case (e.g. `prompts.openai`); recorded on the ticket while it holds the conversation. */
  id: string;
  place: ResponderPlace;
  /** Longest run for one message before the ticket is handed to people (default 30 s). */
  timeoutMs?: number;
  /**
   * Answers the message, or passes. Returning true claims it: nobody further down the chain sees it,
   * and the next message of the ticket comes straight here until `release()` or `handOff()`.
   */
  handle(ctx: ResponderContext): Promise<boolean> | boolean;
  /**
   * Whether `handle` could claim this message, decided in memory (your caches: `sdk.cache`). False for every
   * enabled responder, and the message gets no turn: the ticket's cursor moves past it with others, in one UPDATE.
   * Err towards true: a false where `handle` would have answered loses the answer. Left out, the responder is
   * asked about every message (a turn per message, with its statements). Not asked while the ticket is held by a
   * responder (its owner is always asked) or on the ticket's first message (the core's menu may greet).
   */
  mayAct?(probe: ResponderProbe): Promise<boolean> | boolean;
}

/** The plugin-facing registry (`sdk.responders`). */
export interface ResponderApi {
  register(responder: Responder): void;
}
