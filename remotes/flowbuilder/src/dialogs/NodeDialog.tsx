import { useMemo } from 'react';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { NodeDataByType, NodeType } from '../types';
import type { NodeForm } from './spec';
import { intervalForm, messageForm, questionForm, randomizerForm, startForm, ticketForm } from './simple';
import { menuForm } from './menu';
import { openaiForm, typebotForm } from './integrations';
import { audioForm, imgForm, videoForm } from './mediaForms';
import { contentForm } from './content';
import { conditionForm } from './condition';

const FORMS: Record<NodeType, NodeForm> = {
  start: startForm, message: messageForm, interval: intervalForm, randomizer: randomizerForm, ticket: ticketForm, question: questionForm,
  menu: menuForm, openai: openaiForm, typebot: typebotForm, img: imgForm, audio: audioForm, video: videoForm, singleBlock: contentForm,
  condition: conditionForm,
};
export const hasDialog = (type: string | undefined): type is NodeType => !!type && type in FORMS;

/** What the dialog edits: a new node of a type, or an existing node (its id and data). */
export interface DialogTarget { type: NodeType; id?: string; data?: NodeDataByType[NodeType] }

/** The add/edit dialog of a node, by type; on submit it hands back the node data (the editor places or replaces it). */
export function NodeDialog({ sdk, target, keys, onHide, onSubmit }: {
  sdk: HostSdk; target: DialogTarget; keys: string[]; onHide(): void; onSubmit(target: DialogTarget, data: NodeDataByType[NodeType]): void;
}) {
  const { t } = sdk.useTranslation();
  const { FormDialog, useFormDialog, yup } = sdk.ui;
  const spec = FORMS[target.type];
  const typeName = t(`flowbuilder.types.${target.type}`);
  // Formik re-initialises when these change: build them once per dialog.
  const initialValues = useMemo(() => spec.initial(target.data, t), [target, spec, t]);
  const validationSchema = useMemo(() => spec.schema(yup, t), [spec, t, yup]);
  const form = useFormDialog({
    initialValues,
    validationSchema,
    save: async (values) => spec.toData(values, t),
    // No toast: the node shows on the canvas, and a toast per node covered the place where the next one lands.
    onSaved: (data) => onSubmit(target, data),
    onHide,
  });
  return (
    <FormDialog header={t(target.id ? 'flowbuilder.dialogEdit' : 'flowbuilder.dialogAdd', { type: typeName })} visible onHide={onHide} form={form}
      testId={`fb-dialog-${target.type}`} saveTestId="fb-dialog-save" width={spec.width}>
      <spec.Fields form={form} sdk={sdk} keys={keys} t={t} />
    </FormDialog>
  );
}
