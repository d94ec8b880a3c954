/**
 * The console's building blocks, shared by the core screens and, through the host SDK (`sdk.ui`), by the remotes:
 * a list page, a form dialog with its Formik hook, a text field, id and value selects, a date/time field, paged lists, search, live rows and confirmations.
 */
export { ListPage, type ListPageProps, type ListColumn } from './ListPage';
export { FormDialog, TextField, type FormDialogProps, type TextFieldProps } from './FormDialog';
export { IdSelect, ValueSelect, type IdSelectProps, type ValueSelectProps } from './IdSelect';
export { DateTimeField, type DateTimeFieldProps } from './DateTimeField';
export { visibleFieldError as fieldError } from '../components/FieldError';
export { useFormDialog, showApiFieldError, type FormDialogOptions } from './useFormDialog';
export { useSearch } from './useSearch';
export { allPages } from './allPages';
export { useListPage, type ListPageOptions } from './useListPage';
export { confirm, confirmDelete, type ConfirmOptions, type ConfirmDeleteOptions } from './confirm';
export { usePagedList } from '../hooks/usePagedList';
export { useEditDialog } from '../hooks/useEditDialog';
export { useLiveRows } from '../hooks/useLiveRows';
export { BotLastError, type BotError } from './BotLastError';
