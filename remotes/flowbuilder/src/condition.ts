import type { TFunction } from 'i18next';
import type { ConditionData, ConditionOperator } from './types';

/** The condition node's tests and exits, shared by its dialog and its node on the canvas. */

/**
 * The tests the runtime knows (plugins/flowbuilder/src/condition.ts), in the order the select offers them: which
 * need a value, and which compare numbers. The Record makes a test added to ConditionOperator a compile error here.
 */
export const CONDITION_RULES: Record<ConditionOperator, { needsValue: boolean; numeric: boolean }> = {
  equals: { needsValue: true, numeric: false },
  notEquals: { needsValue: true, numeric: false },
  contains: { needsValue: true, numeric: false },
  startsWith: { needsValue: true, numeric: false },
  greaterThan: { needsValue: true, numeric: true },
  lessThan: { needsValue: true, numeric: true },
  isEmpty: { needsValue: false, numeric: false },
  isNotEmpty: { needsValue: false, numeric: false },
};
export const CONDITION_OPERATORS = Object.keys(CONDITION_RULES) as ConditionOperator[];
export const isOperator = (value: unknown): value is ConditionOperator => typeof value === 'string' && Object.hasOwn(CONDITION_RULES, value);

/** The exits, as the runtime follows them (plugins/flowbuilder/src/condition.ts): `a` when the test holds, `b` when not. */
export const CONDITION_EXITS = [{ handle: 'a', label: 'flowbuilder.conditionTrue' }, { handle: 'b', label: 'flowbuilder.conditionFalse' }] as const;

/** The node's one-line summary: `{{nome}} equals "sim"`, `{{idade}} greater than 17`, `{{email}} is empty`. */
export function conditionSummary(data: Partial<ConditionData>, t: TFunction): string {
  if (!data.key || !isOperator(data.condition)) return t('flowbuilder.conditionIncomplete');
  const subject = `{{${data.key}}} ${t(`flowbuilder.conditions.${data.condition}`)}`;
  const rule = CONDITION_RULES[data.condition];
  if (!rule.needsValue) return subject;
  return `${subject} ${rule.numeric ? data.value ?? '' : `"${data.value ?? ''}"`}`;
}
