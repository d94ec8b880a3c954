import { BaseModel } from '../model.js';

export const BUILTIN_PLAN_FLAGS = [
  'useCampaigns', 'useKanban', 'useOpenAi', 'useIntegrations', 'useSchedules', 'useInternalChat', 'useExternalApi', 'useFlowbuilder',
] as const;
export type BuiltinPlanFlag = (typeof BUILTIN_PLAN_FLAGS)[number];

export class Plan extends BaseModel {
  static tableName = 'plans';
  static booleanColumns = [...BUILTIN_PLAN_FLAGS];
  static get jsonAttributes() { return ['features']; }

  name!: string;
  users!: number;
  connections!: number;
  queues!: number;
  value!: number;
  features?: Record<string, boolean> | null;
  useCampaigns!: boolean; useKanban!: boolean; useOpenAi!: boolean; useIntegrations!: boolean;
  useSchedules!: boolean; useInternalChat!: boolean; useExternalApi!: boolean;
  useFlowbuilder!: boolean;

  /** Whether the plan grants a feature flag: a built-in column or a plugin's entry in `features`. */
  hasFlag(flag: string): boolean {
    if ((BUILTIN_PLAN_FLAGS as readonly string[]).includes(flag)) return Boolean((this as unknown as Record<string, unknown>)[flag]);
    return Boolean(this.features?.[flag]);
  }

  $parseDatabaseJson(json: Record<string, unknown>) {
    const parsed = super.$parseDatabaseJson(json);
    if (parsed.value !== undefined && parsed.value !== null) parsed.value = Number(parsed.value);
    return parsed;
  }
}
