import { useState } from 'react';
import type { ConditionData, ConditionOperator } from '../types';
import { CONDITION_OPERATORS, CONDITION_RULES, isOperator } from '../condition';
import { defineForm, type FieldsProps } from './spec';
import { Placeholders } from './Placeholders';

/** The server's rules, checked before the canvas: an answer key as questions save it, a number with `,` or `.`. */
const ANSWER_KEY = /^[\w.-]{1,50}$/;
const NUMBER = /^[-+]?\d+(?:[.,]\d+)?$/;
const hasPlaceholder = (value: string) => /\{\{.*?\}\}/.test(value);
/** People copy the placeholder they see (`{{nome}}`): the key is what is inside the braces. */
const bareKey = (key: string) => key.trim().replace(/^\{\{\s*/, '').replace(/\s*\}\}$/, '');

/** A select `value` no answer key can have (keys are letters, digits, _ . -). */
const TYPED_KEY = '<typed>';

/** The answer keys of the flow's questions in a select, or a key typed by hand ("another key…"). */
function KeyField({ form, sdk, keys, t }: FieldsProps) {
  const key: string = form.values.key;
  const [typing, setTyping] = useState(() => keys.length === 0 || (key !== '' && !keys.includes(bareKey(key))));
  const pick = (choice: string) => {
    setTyping(choice === TYPED_KEY);
    void form.setFieldValue('key', choice === TYPED_KEY ? '' : choice);
  };
  const error = !typing && form.submitCount > 0 && form.errors.key;
  return (
    <>
      {keys.length > 0 && (
        <label className="field">
          <span>{t('flowbuilder.conditionKey')}</span>
          <select className="p-inputtext p-component" data-testid="fb-condition-key" value={typing ? TYPED_KEY : bareKey(key)} onChange={(e) => pick(e.target.value)} autoFocus>
            <option value="">—</option>
            {keys.map((k) => <option key={k} value={k}>{`{{${k}}}`}</option>)}
            <option value={TYPED_KEY}>{t('flowbuilder.conditionTypedKey')}</option>
          </select>
          {error ? <small className="p-error">{String(form.errors.key)}</small> : null}
        </label>
      )}
      {typing && (
        <sdk.ui.TextField form={form} name="key" id="fb-condition-key-text" label={t(keys.length ? 'flowbuilder.conditionKeyName' : 'flowbuilder.conditionKey')}
          hint={t('flowbuilder.conditionKeyHint')} autoFocus={keys.length === 0} />
      )}
    </>
  );
}

function ConditionFields(props: FieldsProps) {
  const { form, sdk, keys, t } = props;
  const operator: ConditionOperator = form.values.condition;
  return (
    <>
      <KeyField {...props} />
      <label className="field">
        <span>{t('flowbuilder.conditionTest')}</span>
        <select className="p-inputtext p-component" data-testid="fb-condition-test" value={operator} onChange={(e) => void form.setFieldValue('condition', e.target.value)}>
          {CONDITION_OPERATORS.map((op) => <option key={op} value={op}>{t(`flowbuilder.conditions.${op}`)}</option>)}
        </select>
      </label>
      {CONDITION_RULES[operator].needsValue && (
        <>
          <sdk.ui.TextField form={form} name="value" id="fb-condition-value" label={t('flowbuilder.conditionValue')}
            hint={CONDITION_RULES[operator].numeric ? t('flowbuilder.conditionNumberHint') : t('flowbuilder.conditionTextHint')}
            inputMode={CONDITION_RULES[operator].numeric ? 'numeric' : undefined} />
          <Placeholders keys={keys} form={form} name="value" t={t} />
        </>
      )}
    </>
  );
}

type ConditionValues = { key: string; condition: ConditionOperator; value: string };

export const conditionForm = defineForm<'condition', ConditionValues>({
  initial: (d) => ({ key: d?.key ?? '', condition: isOperator(d?.condition) ? d.condition : 'equals', value: d?.value ?? '' }),
  schema: (yup, t) => yup.object({
    key: yup.string().required(t('flowbuilder.required')).test('answerKey', t('flowbuilder.answerKeyInvalid'), (v) => ANSWER_KEY.test(bareKey(v ?? ''))),
    condition: yup.string().oneOf(CONDITION_OPERATORS).required(t('flowbuilder.required')),
    value: yup.string()
      .test('needed', t('flowbuilder.required'), (v, ctx) => !CONDITION_RULES[ctx.parent.condition as ConditionOperator]?.needsValue || !!v?.trim())
      .test('number', t('flowbuilder.conditionNumber'), (v, ctx) => {
        const rule = CONDITION_RULES[ctx.parent.condition as ConditionOperator];
        const text = v?.trim() ?? '';
        return !rule?.numeric || !text || hasPlaceholder(text) || NUMBER.test(text);
      }),
  }),
  // Only the fields the test uses: a value left from another test would be stored but never read.
  toData: (v): ConditionData => (CONDITION_RULES[v.condition].needsValue
    ? { key: bareKey(v.key), condition: v.condition, value: v.value.trim() }
    : { key: bareKey(v.key), condition: v.condition }),
  Fields: ConditionFields,
});
