import type { Prompt } from '../../../plugins/prompts/src/types';

export type { Prompt };
/** The models the dialog suggests; the server accepts any other model name as free text. */
export const PROMPT_MODELS = ['gpt-3.5-turbo-1106', 'gpt-4o-mini'] as const;
export interface QueueOption { id: number; name: string }
