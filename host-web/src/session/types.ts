/** Plan feature flags the console gates menu entries and pages on. */
export type PlanFlag = 'useKanban' | 'useSchedules' | 'useInternalChat' | 'useCampaigns' | 'useOpenAi' | 'useIntegrations' | 'useExternalApi' | 'useFlowbuilder';

export interface Plan {
  id: number;
  name: string;
  users?: number;
  connections?: number;
  queues?: number;
  value?: number;
  [flag: string]: unknown;
}

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  companyId: number;
  profile: 'admin' | 'user' | string;
  super: boolean;
  allTicket?: 'enabled' | 'desabled' | string;
  whatsappId?: number | null;
  language?: string | null;
  queues: Array<{ id: number; name: string; color: string }>;
  company: {
    id: number;
    name: string;
    dueDate: string | null;
    daysToDue?: number | null;
    plan: Plan | null;
    settings: Array<{ key: string; value: string }>;
  };
}

export interface SessionState {
  /** 'loading' while a stored token is being checked at start. */
  status: 'loading' | 'guest' | 'signed-in';
  user: SessionUser | null;
}
