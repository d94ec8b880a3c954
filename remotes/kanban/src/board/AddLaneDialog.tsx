import { ColorPicker } from 'primereact/colorpicker';
import type { LaneTag } from '../types';
import { useSdk } from '../sdk-context';

/**
 * "New lane" (admins): a kanban tag made from the board, built from the host's blocks (sdk.ui.FormDialog,
 * useFormDialog, TextField, yup): validation, the saved toast and API errors under their field come with them.
 */
export function AddLaneDialog({ visible, onHide, onSaved }: { visible: boolean; onHide: () => void; onSaved: (lane: LaneTag) => void }) {
  const sdk = useSdk();
  const { t } = sdk.useTranslation();
  const { FormDialog, TextField, useFormDialog, yup } = sdk.ui;
  const form = useFormDialog({
    initialValues: { name: '', color: '3F51B5' },
    validationSchema: yup.object({ name: yup.string().trim().min(3, t('kanban.lane.short')).max(100).required(t('kanban.lane.required')) }),
    save: ({ name, color }) => sdk.api.post<LaneTag>('/tags', { name: name.trim(), color: `#${color}`, kanban: 1 }),
    successMessage: t('kanban.lane.saved'), onSaved, onHide,
  });
  return (
    <FormDialog header={t('kanban.lane.title')} visible={visible} onHide={onHide} form={form} width={420} testId="kanban-lane-form">
      <TextField form={form} name="name" id="kanban-lane-name" label={t('kanban.lane.name')} autoFocus />
      <label htmlFor="kanban-lane-color">{t('kanban.lane.color')}</label>
      <ColorPicker inputId="kanban-lane-color" value={form.values.color} onChange={(e) => form.setFieldValue('color', String(e.value ?? ''))} />
    </FormDialog>
  );
}
