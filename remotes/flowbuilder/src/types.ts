import type { ConditionData, ConditionOperator } from '../../../plugins/flowbuilder/src/types';

export type { ConditionData, ConditionOperator };

/**
 * What the flow builder API answers and the node data the runtime reads (plugins/flowbuilder/src/graph.ts and
 * runtime.ts): the editor writes exactly these shapes.
 */
export interface Flow {
  id: number; name: string; active: boolean; createdAt: string; updatedAt: string;
  /** In the list only: why a bot node (OpenAI, Typebot) last failed, until the flow is drawn again. */
  lastError?: { kind: string; detail: string; ticketId: number | null; at: string } | null;
}
export interface FlowCampaign { id: number; name: string; flowId: number; whatsappId: number | null; phrase: string; status: boolean }
export interface Connection { id: number; name: string }
export interface Queue { id: number; name: string }

/** A file stored by POST /flowbuilder/<kind> (the core's storage record). */
export interface StoredMedia { key: string; url: string; name: string; size: number; mimetype: string }
export type MediaKind = 'img' | 'audio' | 'video';

export interface MenuOption { number: number; value: string }
export interface ContentElement { type: 'message' | 'interval' | MediaKind; value: string | number; number: number; key?: string; mimetype?: string; name?: string; size?: number; record?: boolean }

/** `data` of each node type. */
export interface NodeDataByType {
  start: { label: string };
  message: { label: string };
  menu: { message: string; arrayOption: MenuOption[] };
  interval: { label: string; sec: number };
  randomizer: { percent: number };
  img: Partial<StoredMedia>;
  audio: Partial<StoredMedia> & { record?: boolean };
  video: Partial<StoredMedia>;
  singleBlock: { seq: string[]; elements: ContentElement[] };
  ticket: { queue: Queue };
  question: { typebotIntegration: { message: string; answerKey: string } };
  typebot: { typebotIntegration: { name: string; projectName: string; urlN8N: string; typebotSlug: string; typebotKeywordFinish: string; typebotKeywordRestart: string; typebotUnknownMessage: string; typebotRestartMessage: string; typebotDelayMessage: number; typebotExpires: number } };
  condition: ConditionData;
  openai: { typebotIntegration: { name: string; projectName: string; apiKey: string; prompt: string; voice: string; voiceKey: string; voiceRegion: string; temperature: number; maxTokens: number; maxMessages: number } };
}
export type NodeType = keyof NodeDataByType;
export const NODE_TYPES: NodeType[] = ['start', 'singleBlock', 'message', 'menu', 'randomizer', 'interval', 'ticket', 'typebot', 'openai', 'question', 'condition', 'img', 'audio', 'video'];
