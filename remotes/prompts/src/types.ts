export type { Prompt } from '../../../plugins/prompts/src/types';
export { PROMPT_MODELS } from '../../../plugins/prompts/src/types';
export interface QueueOption { id: number; name: string }
