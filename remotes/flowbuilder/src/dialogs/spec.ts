import type { ComponentType } from 'react';
import type { FormikProps } from 'formik';
import type { TFunction } from 'i18next';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { NodeDataByType, NodeType } from '../types';

export type Yup = HostSdk['ui']['yup'];
export interface FieldsProps { form: FormikProps<any>; sdk: HostSdk; keys: string[]; t: TFunction }

/**
 * One node type's edit dialog: flat form values (so each field shows its own error), their Yup rules with the spec's
 * messages, and the node data the runtime reads.
 */
export interface NodeForm<T extends NodeType = NodeType, V extends Record<string, any> = Record<string, any>> {
  initial(data: NodeDataByType[T] | undefined, t: TFunction): V;
  schema(yup: Yup, t: TFunction): unknown;
  toData(values: V, t: TFunction): NodeDataByType[T];
  Fields: ComponentType<FieldsProps>;
  width?: number;
}
export const defineForm = <T extends NodeType, V extends Record<string, any>>(form: NodeForm<T, V>) => form as unknown as NodeForm;
