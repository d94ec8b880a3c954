/** The shapes this plugin's API answers (the remote imports them with `import type`). Keep this file free of imports. */
export type IntegrationType = 'dialogflow' | 'n8n' | 'webhook' | 'typebot' | 'flowbuilder';

export interface QueueIntegration {
  id: number;
  type: IntegrationType;
  name: string;
  projectName: string | null;
  /** Dialogflow's service-account JSON: a secret, always masked in answers and events. */
  jsonContent: string | null;
  language: 'pt-BR' | 'en' | 'es' | null;
  urlN8N: string | null;
  /** The HMAC-SHA256 key of n8n/webhook calls: a secret, always masked. */
  webhookSecret: string | null;
  typebotDelayMessage: number;
  typebotExpires: number;
  typebotKeywordFinish: string | null;
  typebotKeywordRestart: string | null;
  typebotRestartMessage: string | null;
  typebotSlug: string | null;
  typebotUnknownMessage: string | null;
  /** flowbuilder: the flow the flow-builder plugin runs. */
  flowId: number | null;
  /** Why it last failed to answer (unreachable, key-refused, quota…), until it is saved again. */
  lastError: { kind: string; detail: string; ticketId: number | null; at: string } | null;
}

/** What an n8n/webhook endpoint may answer (2xx JSON); anything else is ignored. */
export interface WebhookReply {
  reply?: string;
  replies?: string[];
  handoff?: boolean;
}
