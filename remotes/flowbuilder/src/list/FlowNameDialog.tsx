import type { HostSdk } from '@atrium/host-web/sdk';
import type { Flow } from '../types';

/** Add a flow, or rename one: the name is 2 to 50 characters (ext §5). */
export function FlowNameDialog({ sdk, item, visible, onHide, onSaved }: {
  sdk: HostSdk; item: Flow | null; visible: boolean; onHide(): void; onSaved(flow: Flow): void;
}) {
  const { t } = sdk.useTranslation();
  const { FormDialog, TextField, useFormDialog, yup } = sdk.ui;
  const form = useFormDialog({
    initialValues: { name: item?.name ?? '' },
    validationSchema: yup.object({
      name: yup.string().trim().min(2, t('flowbuilder.nameShort')).max(50, t('flowbuilder.nameLong')).required(t('flowbuilder.nameRequired')),
    }),
    save: ({ name }) => (item
      ? sdk.api.put<Flow>('/flowbuilder', { flowId: item.id, name: name.trim() })
      : sdk.api.post<Flow>('/flowbuilder', { name: name.trim() })),
    successMessage: t('flowbuilder.nameSaved'), onSaved, onHide,
  });
  return (
    <FormDialog header={t(item ? 'flowbuilder.titleEdit' : 'flowbuilder.titleAdd')} visible={visible} onHide={onHide} form={form} testId="flow-form" saveTestId="flow-save">
      <TextField form={form} name="name" id="flow-name" label={t('flowbuilder.name')} autoFocus />
    </FormDialog>
  );
}
