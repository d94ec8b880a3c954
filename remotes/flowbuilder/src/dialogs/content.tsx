import type { ContentElement, MediaKind, StoredMedia } from '../types';
import { defineForm, type FieldsProps } from './spec';
import { MediaPicker } from './MediaPicker';

const KINDS: ContentElement['type'][] = ['message', 'interval', 'img', 'audio', 'video'];
const isMedia = (type: string): type is MediaKind => type === 'img' || type === 'audio' || type === 'video';

/** The content node's ordered items (messages, intervals, media), sent one after the other by the runtime. */
function ContentFields({ form, sdk, keys, t }: FieldsProps) {
  const items: ContentElement[] = form.values.elements;
  const set = (next: ContentElement[]) => form.setFieldValue('elements', next);
  const patch = (i: number, p: Partial<ContentElement>) => set(items.map((el, j) => (j === i ? { ...el, ...p } : el)));
  const move = (i: number, by: number) => {
    const next = [...items];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    set(next);
  };
  return (
    <>
      {items.map((el, i) => (
        <div key={i} className="fb-content-item" data-testid="fb-content-item">
          <header>
            <span>{i + 1}. {t(`flowbuilder.types.${el.type}`)}</span>
            <button type="button" className="p-button p-button-text" disabled={i === 0} aria-label={t('flowbuilder.moveUp')} onClick={() => move(i, -1)}><i className="pi pi-arrow-up" /></button>
            <button type="button" className="p-button p-button-text" disabled={i === items.length - 1} aria-label={t('flowbuilder.moveDown')} onClick={() => move(i, 1)}><i className="pi pi-arrow-down" /></button>
            <button type="button" className="p-button p-button-text p-button-danger" aria-label={t('flowbuilder.removeItem')} onClick={() => set(items.filter((_, j) => j !== i))}><i className="pi pi-trash" /></button>
          </header>
          {el.type === 'message' && (
            <>
              <textarea className="p-inputtextarea p-inputtext" rows={3} value={String(el.value)} data-testid="fb-content-message" onChange={(e) => patch(i, { value: e.target.value })} />
              {keys.length > 0 && <small className="fb-vars muted">{t('flowbuilder.variables')} {keys.map((k) => <code key={k} onClick={() => patch(i, { value: `${el.value}{{${k}}}` })}>{`{{${k}}}`}</code>)}</small>}
            </>
          )}
          {el.type === 'interval' && (
            <input className="p-inputtext" type="number" min={1} max={120} aria-label={t('flowbuilder.seconds')} value={String(el.value)} onChange={(e) => patch(i, { value: e.target.value === '' ? '' : Number(e.target.value) })} />
          )}
          {isMedia(el.type) && (
            <MediaPicker sdk={sdk} kind={el.type} value={el.value ? { name: el.name } : null}
              onChange={(m: StoredMedia) => patch(i, { value: m.url, key: m.key, mimetype: m.mimetype, name: m.name, size: m.size })} />
          )}
        </div>
      ))}
      <div className="fb-toolbar">
        {KINDS.map((type) => (
          <button key={type} type="button" className="p-button p-button-outlined p-button-sm" data-testid={`fb-content-add-${type}`}
            onClick={() => set([...items, { type, value: '', number: items.filter((x) => x.type === type).length + 1 }])}>
            <i className="pi pi-plus" />&nbsp;{t(`flowbuilder.types.${type}`)}
          </button>
        ))}
      </div>
      {form.submitCount > 0 && form.errors.elements ? <small className="p-error" data-testid="fb-content-error">{String(form.errors.elements)}</small> : null}
    </>
  );
}

export const contentForm = defineForm<'singleBlock', { elements: ContentElement[] }>({
  initial: (d) => ({ elements: d?.elements ?? [] }),
  schema: (yup, t) => yup.object({
    elements: yup.array().min(1, t('flowbuilder.contentEmpty'))
      .test('messages', t('flowbuilder.emptyMessage'), (els) => (els as ContentElement[] ?? []).every((el) => el.type !== 'message' || String(el.value).trim() !== ''))
      .test('interval', t('flowbuilder.intervalMax'), (els) => (els as ContentElement[] ?? []).every((el) => el.type !== 'interval' || (Number(el.value) > 0 && Number(el.value) <= 120 && Number.isInteger(Number(el.value)))))
      .test('media', t('flowbuilder.emptyMedia'), (els) => (els as ContentElement[] ?? []).every((el) => !isMedia(el.type) || Boolean(el.value))),
  }),
  // `seq` names the items in order (message1, interval1, img1…), as the spec's content node does.
  toData: (v) => {
    const counts: Record<string, number> = {};
    const elements = v.elements.map((el) => {
      counts[el.type] = (counts[el.type] ?? 0) + 1;
      return { ...el, number: counts[el.type], value: el.type === 'interval' ? Number(el.value) : el.type === 'message' ? String(el.value).trim() : el.value };
    });
    return { seq: elements.map((el) => `${el.type}${el.number}`), elements };
  },
  Fields: ContentFields,
  width: 680,
});
