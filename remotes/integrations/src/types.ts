import type { IntegrationType, QueueIntegration } from '../../../plugins/integrations/src/types';

export type { IntegrationType, QueueIntegration };
export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder'] as const;
export const LANGUAGES = ['pt-BR', 'en', 'es'] as const;
