import { defineForm, type FieldsProps } from './spec';
import { Placeholders } from './Placeholders';

/** Options are numbered from 1 in their order (ext §9); option n leaves the node by handle `a<n>`. */
function MenuFields({ form, sdk, keys, t }: FieldsProps) {
  const options: string[] = form.values.options;
  const set = (next: string[]) => form.setFieldValue('options', next);
  const error = form.submitCount > 0 && form.errors.options;
  return (
    <>
      <sdk.ui.TextField form={form} name="message" id="fb-message" label={t('flowbuilder.text')} rows={4} autoFocus />
      <Placeholders keys={keys} form={form} name="message" t={t} />
      <span>{t('flowbuilder.options')}</span>
      {options.map((value, i) => (
        <div key={i} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
          <strong>[{i + 1}]</strong>
          <input className="p-inputtext" style={{ flex: 1 }} aria-label={t('flowbuilder.option', { n: i + 1 })} data-testid="fb-option" value={value}
            onChange={(e) => set(options.map((o, j) => (j === i ? e.target.value : o)))} />
          <button type="button" className="p-button p-button-text p-button-danger" aria-label={t('flowbuilder.removeOption')} onClick={() => set(options.filter((_, j) => j !== i))}>
            <i className="pi pi-times" />
          </button>
        </div>
      ))}
      <button type="button" className="p-button p-button-text" data-testid="fb-option-add" onClick={() => set([...options, ''])}>
        <i className="pi pi-plus" />&nbsp;{t('flowbuilder.addOption')}
      </button>
      {error ? <small className="p-error">{Array.isArray(form.errors.options) ? String(form.errors.options.find(Boolean)) : String(form.errors.options)}</small> : null}
    </>
  );
}

export const menuForm = defineForm<'menu', { message: string; options: string[] }>({
  initial: (d) => ({ message: d?.message ?? '', options: d?.arrayOption.map((o) => o.value) ?? [''] }),
  schema: (yup, t) => yup.object({
    message: yup.string().trim().required(t('flowbuilder.required')),
    options: yup.array(yup.string().trim().required(t('flowbuilder.emptyMessage'))).min(1, t('flowbuilder.required')),
  }),
  toData: (v) => ({ message: v.message.trim(), arrayOption: v.options.map((value, i) => ({ number: i + 1, value: value.trim() })) }),
  Fields: MenuFields,
  width: 600,
});
