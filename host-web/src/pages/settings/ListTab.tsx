import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';

/** A read-only list for the super user's tabs (companies, plans, helps). */
export function ListTab({ path, columns }: { path: string; columns: Array<{ field: string; header: string; format?: (v: unknown) => string }> }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Array<Record<string, unknown>>>([]);
  useEffect(() => {
    api.get<unknown>(path).then((r) => setRows(Array.isArray(r) ? r : ((r as Record<string, unknown>)?.records as Array<Record<string, unknown>>) ?? [])).catch((err) => toast.error(err));
  }, [path]);
  return (
    <DataTable value={rows} size="small" dataKey="id" emptyMessage={t('common.noRecords')}>
      {columns.map((c) => <Column key={c.field} header={c.header} body={(row: Record<string, unknown>) => (c.format ? c.format(row[c.field]) : String(row[c.field] ?? ''))} />)}
    </DataTable>
  );
}
