import type { MediaKind, StoredMedia } from '../types';
import { defineForm, type FieldsProps } from './spec';
import { MediaPicker } from './MediaPicker';

/** The image, audio and video nodes: one uploaded file (audio may go as a voice recording). */
function mediaForm(kind: MediaKind) {
  function Fields({ form, sdk, t }: FieldsProps) {
    return (
      <>
        <span>{t('flowbuilder.file')}</span>
        <MediaPicker sdk={sdk} kind={kind} value={form.values.media} onChange={(m) => form.setFieldValue('media', m)} />
        {kind === 'audio' && (
          <label><input type="checkbox" checked={form.values.record} onChange={(e) => form.setFieldValue('record', e.target.checked)} /> {t('flowbuilder.record')}</label>
        )}
        {form.submitCount > 0 && form.errors.media ? <small className="p-error">{String(form.errors.media)}</small> : null}
      </>
    );
  }
  return defineForm<MediaKind, { media: Partial<StoredMedia> | null; record: boolean }>({
    initial: (d) => ({ media: d?.url ? d : null, record: Boolean((d as { record?: boolean } | undefined)?.record) }),
    schema: (yup, t) => yup.object({ media: yup.mixed().test('file', t('flowbuilder.fileMissing'), (m) => Boolean((m as StoredMedia | null)?.url)) }),
    toData: (v) => {
      const { key, url, name, size, mimetype } = v.media as StoredMedia;
      return { key, url, name, size, mimetype, ...(kind === 'audio' ? { record: v.record } : {}) };
    },
    Fields,
  });
}
export const imgForm = mediaForm('img');
export const audioForm = mediaForm('audio');
export const videoForm = mediaForm('video');
