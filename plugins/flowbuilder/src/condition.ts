import { fold } from './phrase.js';
import type { ConditionOperator } from './types.js';

/**
 * The condition node: a test on one of the run's answers that picks one of two exits. Text is compared as people
 * read it (case, accents and extra spaces ignored, as the phrase and menu matching do); numbers take a comma or a
 * dot as decimal separator.
 */

/** The two exits, named like the randomizer's: `a` when the condition holds, `b` when it does not. */
export const CONDITION_HANDLES = { true: 'a', false: 'b' } as const;

/** Text as people read it: case and accents ignored, spaces trimmed and collapsed. */
export const comparable = (text: string) => fold(text).replace(/\s+/g, ' ').trim();

/** "10", "-2,5", "3.75" → a number; anything else (thousands separators, units, words) → null. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[-+]?\d+(?:[.,]\d+)?$/.test(trimmed)) return null;
  return Number(trimmed.replace(',', '.'));
}

/** Equal as numbers when both are numbers ("10,5" = "10.50"), else as comparable text. */
function sameAnswer(actual: string, expected: string): boolean {
  const a = parseNumber(actual);
  const b = parseNumber(expected);
  if (a !== null && b !== null) return a === b;
  return comparable(actual) === comparable(expected);
}

/** Both sides must be numbers: "dez" or "10 anos" is neither greater nor less than anything. */
const compareNumbers = (holds: (a: number, b: number) => boolean) => (actual: string, expected: string) => {
  const a = parseNumber(actual);
  const b = parseNumber(expected);
  return a !== null && b !== null && holds(a, b);
};

/** An empty needle would match every answer (a placeholder that filled empty): it matches none. */
const findText = (where: (haystack: string, needle: string) => boolean) => (actual: string, expected: string) => {
  const needle = comparable(expected);
  return needle !== '' && where(comparable(actual), needle);
};

interface ConditionRule { needsValue: boolean; numeric: boolean; holds(actual: string, expected: string): boolean }

const RULES: Record<ConditionOperator, ConditionRule> = {
  equals: { needsValue: true, numeric: false, holds: sameAnswer },
  notEquals: { needsValue: true, numeric: false, holds: (a, b) => !sameAnswer(a, b) },
  contains: { needsValue: true, numeric: false, holds: findText((haystack, needle) => haystack.includes(needle)) },
  startsWith: { needsValue: true, numeric: false, holds: findText((haystack, needle) => haystack.startsWith(needle)) },
  greaterThan: { needsValue: true, numeric: true, holds: compareNumbers((a, b) => a > b) },
  lessThan: { needsValue: true, numeric: true, holds: compareNumbers((a, b) => a < b) },
  isEmpty: { needsValue: false, numeric: false, holds: (a) => comparable(a) === '' },
  isNotEmpty: { needsValue: false, numeric: false, holds: (a) => comparable(a) !== '' },
};

export const CONDITION_OPERATORS = Object.keys(RULES) as ConditionOperator[];

export const isConditionOperator = (value: unknown): value is ConditionOperator => typeof value === 'string' && Object.hasOwn(RULES, value);
export const needsValue = (operator: ConditionOperator) => RULES[operator].needsValue;
export const comparesNumbers = (operator: ConditionOperator) => RULES[operator].numeric;

/** Whether `actual` (the answer, '' when there is none) passes the test against `expected` (the filled value). */
export const conditionHolds = (operator: ConditionOperator, actual: string, expected: string): boolean => RULES[operator].holds(actual, expected);
