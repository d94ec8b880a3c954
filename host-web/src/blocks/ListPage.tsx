import type { CSSProperties, ReactNode, UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';

/** One column of a list page's table: its header and how a row shows in it. */
export interface ListColumn<T> {
  header: ReactNode;
  body: (row: T) => ReactNode;
  style?: CSSProperties;
  className?: string;
}

export interface ListPageProps<T extends { id: number | string }> {
  /** `<testId>-page`, `<testId>-table` and `<testId>-add` for the page, its table and its add button. */
  testId: string;
  /** The page title; a list inside a tab leaves it out and keeps only the buttons. */
  title?: string;
  /** A search box (debounce it with `useSearch`). */
  search?: { value: string; onChange(value: string): void; placeholder: string; testId?: string };
  /** The add button, shown when `onAdd` is given. */
  addLabel?: string;
  onAdd?(): void;
  /** More header buttons, before the add button (import, export…). */
  toolbar?: ReactNode;
  columns: Array<ListColumn<T>>;
  items: T[];
  /** While a page loads the empty state waits. */
  loading?: boolean;
  /** From `usePagedList`: asks for the next page when the table's scroll area nears its bottom. */
  onScroll?(event: UIEvent<HTMLElement>): void;
  /** The pencil and trash buttons of each row (with `<rowTestId>-edit` / `-delete` test ids when given). */
  onEdit?(row: T): void;
  onDelete?(row: T): void;
  rowTestId?: string;
  /** Buttons of a row before edit and delete. */
  rowActions?(row: T): ReactNode;
  /** Attributes of a row (a class, data-*). */
  rowProps?(row: T): Record<string, string | undefined>;
  /** The empty state's text (default: "No records"). */
  empty?: string;
  /** `page` fills the screen and scrolls its table; `tab` sits inside a settings tab. */
  layout?: 'page' | 'tab';
  scrollClassName?: string;
  /** The page's dialogs. */
  children?: ReactNode;
}

/**
 * The console's list screen: a header (title, search, add), a table that loads the next page near its bottom,
 * row edit/delete buttons and an empty state. Core screens and remotes (sdk.ui.ListPage) share it.
 */
export function ListPage<T extends { id: number | string }>(props: ListPageProps<T>) {
  const { t } = useTranslation();
  const { testId, title, search, columns, items, loading, onScroll, onEdit, onDelete, rowActions, rowTestId, layout = 'page' } = props;
  const hasActions = Boolean(onEdit || onDelete || rowActions);
  const fill: CSSProperties | undefined = layout === 'page' ? { display: 'flex', flexDirection: 'column', height: '100%' } : undefined;
  return (
    <div data-testid={`${testId}-page`} className={`list-page ${testId}-page`} style={fill}>
      <div className="page-header">
        {title ? <h2>{title}</h2> : <span style={{ flex: 1 }} />}
        {search && <InputText value={search.value} onChange={(e) => search.onChange(e.target.value)} placeholder={search.placeholder} data-testid={search.testId ?? `${testId}-search`} />}
        {props.toolbar}
        {props.onAdd && <Button icon="pi pi-plus" label={props.addLabel ?? t('common.add')} onClick={() => props.onAdd!()} data-testid={`${testId}-add`} />}
      </div>
      <div className={['scroll-area', props.scrollClassName].filter(Boolean).join(' ')} onScroll={onScroll} style={layout === 'page' ? { flex: 1, minHeight: 0 } : undefined}>
        <table className="simple-table" data-testid={`${testId}-table`}>
          <thead>
            <tr>
              {columns.map((c, i) => <th key={i} style={c.style}>{c.header}</th>)}
              {hasActions && <th>{t('common.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {items.map((row) => (
              <tr key={row.id} {...props.rowProps?.(row)}>
                {columns.map((c, i) => <td key={i} className={c.className}>{c.body(row)}</td>)}
                {hasActions && (
                  <td className="row-actions">
                    {rowActions?.(row)}
                    {onEdit && <Button text rounded icon="pi pi-pencil" aria-label={t('common.edit')} onClick={() => onEdit(row)} data-testid={rowTestId && `${rowTestId}-edit`} />}
                    {onDelete && <Button text rounded severity="danger" icon="pi pi-trash" aria-label={t('common.delete')} onClick={() => onDelete(row)} data-testid={rowTestId && `${rowTestId}-delete`} />}
                  </td>
                )}
              </tr>
            ))}
            {!loading && items.length === 0 && (
              <tr><td colSpan={columns.length + (hasActions ? 1 : 0)} className="muted" data-testid={`${testId}-empty`}>{props.empty ?? t('common.noRecords')}</td></tr>
            )}
          </tbody>
        </table>
      </div>
      {props.children}
    </div>
  );
}
