import type { OutboundHttp } from '../outbound-http/index.js';
import { createOpenAiChat, type OpenAiChat } from './openai.js';
import { createTypebotChat, type TypebotChat } from './typebot.js';

export type { ChatChunk, ChatRequest, ChatStreamRequest, ChatTurn, ChatUsage, OpenAiChat } from './openai.js';
export type { TypebotAnswer, TypebotChat, TypebotMessage } from './typebot.js';

/** Clients several bot plugins share (`sdk.bots`): prompts, integrations and flow nodes reach them through the core. */
export interface BotClients {
  openai: OpenAiChat;
  typebot: TypebotChat;
}

export const createBotClients = (http: OutboundHttp): BotClients => ({ openai: createOpenAiChat(http.fetch), typebot: createTypebotChat(http) });
