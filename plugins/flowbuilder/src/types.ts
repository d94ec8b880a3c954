/**
 * Shapes the flow builder and its remote share (plain types, no imports): the remote imports them as types only
 * (docs/plugins.md, "Types shared by a plugin and its remote").
 */

/** The tests a condition node can make on one of the run's answers. */
export type ConditionOperator = 'equals' | 'notEquals' | 'contains' | 'startsWith' | 'greaterThan' | 'lessThan' | 'isEmpty' | 'isNotEmpty';

/**
 * A condition node's data: `key` names an answer saved by a question node, `value` (text, may hold `{{key}}`
 * placeholders) is what it is compared with; isEmpty and isNotEmpty need no value. A type, not an interface: the
 * editor's React Flow nodes take it as their `data` record, which needs an implicit index signature.
 */
export type ConditionData = { key: string; condition: ConditionOperator; value?: string };
