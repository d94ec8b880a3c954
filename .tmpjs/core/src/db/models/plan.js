import { BaseModel } from "../model.js";
const BUILTIN_PLAN_FLAGS = [
  "useCampaigns",
  "useKanban",
  "useOpenAi",
  "useIntegrations",
  "useSchedules",
  "useInternalChat",
  "useExternalApi",
  "useFlowbuilder"
];
class Plan extends BaseModel {
  static tableName = "plans";
  static booleanColumns = [...BUILTIN_PLAN_FLAGS];
  static get jsonAttributes() {
    return ["features"];
  }
  name;
  users;
  connections;
  queues;
  value;
  features;
  useCampaigns;
  useKanban;
  useOpenAi;
  useIntegrations;
  useSchedules;
  useInternalChat;
  useExternalApi;
  useFlowbuilder;
  /** Whether the plan grants a feature flag: a built-in column or a plugin's entry in `features`. */
  hasFlag(flag) {
    if (BUILTIN_PLAN_FLAGS.includes(flag)) return Boolean(this[flag]);
    return Boolean(this.features?.[flag]);
  }
  $parseDatabaseJson(json) {
    const parsed = super.$parseDatabaseJson(json);
    if (parsed.value !== void 0 && parsed.value !== null) parsed.value = Number(parsed.value);
    return parsed;
  }
}
export {
  BUILTIN_PLAN_FLAGS,
  Plan
};
