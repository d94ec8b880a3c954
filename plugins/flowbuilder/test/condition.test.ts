import t from 'tap';
import { CONDITION_OPERATORS, conditionHolds, parseNumber } from '../src/condition.js';
import type { ConditionOperator } from '../src/types.js';

/** [test, the answer, the value, whether it holds]: every test in both directions, and the edges people type. */
const cases: Array<[ConditionOperator, string, string, boolean]> = [
  ['equals', '  São   Paulo ', 'sao paulo', true],
  ['equals', 'São Paulo', 'São Paulo!', false],
  ['equals', '10,50', '10.5', true],
  ['equals', '', '', true],
  ['notEquals', 'Não', 'nao', false],
  ['notEquals', 'sim', 'não', true],
  ['contains', 'Quero a PROMOÇÃO de hoje', 'promocao', true],
  ['contains', 'Quero a promoção', 'desconto', false],
  ['contains', 'qualquer coisa', '  ', false],
  ['startsWith', 'Ótimo atendimento', 'otimo', true],
  ['startsWith', 'Muito ótimo', 'otimo', false],
  ['startsWith', 'qualquer coisa', '', false],
  ['greaterThan', '2,5', '2.4', true],
  ['greaterThan', '-1', '0', false],
  ['greaterThan', '10 anos', '5', false],
  ['greaterThan', '7', 'cinco', false],
  ['lessThan', '3.9', '4', true],
  ['lessThan', '4', '4', false],
  ['lessThan', '', '4', false],
  ['isEmpty', '   ', '', true],
  ['isEmpty', 'x', '', false],
  ['isNotEmpty', 'x', '', true],
  ['isNotEmpty', ' ', '', false],
];

t.test('each condition test, with case, accents and spaces ignored and numbers with a comma or a dot', async (t) => {
  for (const [operator, actual, expected, holds] of cases) {
    t.equal(conditionHolds(operator, actual, expected), holds, `${JSON.stringify(actual)} ${operator} ${JSON.stringify(expected)} → ${holds}`);
  }
  const covered = new Set(cases.map(([operator, , , holds]) => `${operator}:${holds}`));
  for (const operator of CONDITION_OPERATORS) {
    t.ok(covered.has(`${operator}:true`) && covered.has(`${operator}:false`), `${operator} is tested both ways`);
  }
});

t.test('numbers take one comma or dot as decimal separator; anything else is not a number', async (t) => {
  t.equal(parseNumber(' 17,5 '), 17.5);
  t.equal(parseNumber('-3.25'), -3.25);
  t.equal(parseNumber('+4'), 4);
  for (const text of ['', '1.234,56', '10 anos', 'R$ 5', '1e3', ',5', 'NaN']) t.equal(parseNumber(text), null, `${JSON.stringify(text)} is not a number`);
});
