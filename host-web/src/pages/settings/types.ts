/** The seven plan feature flags, in the form's order. */
export const PLAN_FLAGS = ['useCampaigns', 'useKanban', 'useOpenAi', 'useIntegrations', 'useSchedules', 'useInternalChat', 'useExternalApi', 'useFlowbuilder'] as const;
export type PlanFlagName = (typeof PLAN_FLAGS)[number];

export type AdminPlan = { id: number; name: string; users: number; connections: number; queues: number; value: number } & Record<PlanFlagName, boolean>;

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

export interface AdminCompany {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  planId: number | null;
  plan?: { id: number; name: string } | null;
  status: boolean;
  dueDate: string | null;
  recurrence: string | null;
}

export interface AdminHelp { id: number; title: string; video: string | null; description: string | null }
