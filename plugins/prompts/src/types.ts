/**
 * The shapes this plugin's API answers (the remote imports them with `import type`). Keep this file free of imports.
 */
export interface Prompt {
  id: number;
  name: string;
  prompt: string;
  model: string;
  maxTokens: number;
  temperature: number;
  /** Always masked in answers and events (`sk-…abcd`). */
  apiKey: string;
  queueId: number;
  maxMessages: number;
  queue: { id: number; name: string } | null;
  /** Why it last failed to answer (unreachable, key-refused, quota…), until it is saved again. */
  lastError: { kind: string; detail: string; ticketId: number | null; at: string } | null;
}
