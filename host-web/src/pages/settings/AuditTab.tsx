import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { InputNumber } from 'primereact/inputnumber';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { addTranslations } from '../../i18n';
import { api, type Query } from '../../api/client';
import { toast } from '../../toast/toast';
import { downloadFile } from '../../util/download';
import { AUDIT_LABELS } from './audit-labels';

addTranslations({
  en: { settings: { tabs: { audit: 'Audit log' }, audit: {
    when: 'When', actor: 'Who', action: 'Action', entity: 'What', entityId: 'Id', changes: 'Changes', address: 'Address', company: 'Company',
    actorId: 'User id', from: 'From', to: 'To', anyAction: 'Any action', anyEntity: 'Anything', more: 'Load older', export: 'Export CSV', empty: 'No entries.',
    viaImpersonation: 'by {{name}} viewing as this user', retention: 'Keep entries for (days, every company)', ...AUDIT_LABELS.en,
  } } },
  pt: { settings: { tabs: { audit: 'Registro de auditoria' }, audit: {
    when: 'Quando', actor: 'Quem', action: 'Ação', entity: 'O quê', entityId: 'Id', changes: 'Alterações', address: 'Endereço', company: 'Empresa',
    actorId: 'Id do usuário', from: 'De', to: 'Até', anyAction: 'Qualquer ação', anyEntity: 'Qualquer coisa', more: 'Carregar anteriores', export: 'Exportar CSV', empty: 'Nenhum registro.',
    viaImpersonation: 'por {{name}} vendo como este usuário', retention: 'Guardar registros por (dias, todas as empresas)', ...AUDIT_LABELS.pt,
  } } },
  es: { settings: { tabs: { audit: 'Registro de auditoría' }, audit: {
    when: 'Cuándo', actor: 'Quién', action: 'Acción', entity: 'Qué', entityId: 'Id', changes: 'Cambios', address: 'Dirección', company: 'Empresa',
    actorId: 'Id del usuario', from: 'Desde', to: 'Hasta', anyAction: 'Cualquier acción', anyEntity: 'Cualquier cosa', more: 'Cargar anteriores', export: 'Exportar CSV', empty: 'Ningún registro.',
    viaImpersonation: 'por {{name}} viendo como este usuario', retention: 'Guardar registros por (días, todas las empresas)', ...AUDIT_LABELS.es,
  } } },
});

interface AuditEntry {
  id: number; createdAt: string; companyId: number; userId: number | null; userName: string | null;
  impersonatorId: number | null; impersonatorName: string | null; action: string; entity: string; entityId: string | null;
  changes: Record<string, { before?: unknown; after?: unknown }> | null; ip: string | null;
}
interface Filters { entity: string; action: string; userId: number | null; from: string; to: string; companyId: number | null }

/** The filters' choices: every action and entity the server writes (audit-labels.ts, checked against the server's lists). */
const ACTIONS = Object.keys(AUDIT_LABELS.en.actions);
const ENTITIES = Object.keys(AUDIT_LABELS.en.entities);
const shownValue = (v: unknown) => (v === undefined ? '∅' : typeof v === 'string' ? v : JSON.stringify(v));

/** The filters as GET /audit-logs reads them (days as the local day's bounds). */
function queryOf(f: Filters): Query {
  return {
    entity: f.entity || undefined, action: f.action || undefined, userId: f.userId ?? undefined, companyId: f.companyId ?? undefined,
    from: f.from ? new Date(`${f.from}T00:00:00`).toISOString() : undefined, to: f.to ? new Date(`${f.to}T23:59:59`).toISOString() : undefined,
  };
}

/** The audit log (GET /audit-logs): filters, newest first, older pages on demand (cursor), CSV of the same filters. */
export function AuditTab({ isSuper, values, onChange }: { isSuper: boolean; values: Record<string, string>; onChange: (key: string, value: string) => void }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({ entity: '', action: '', userId: null, from: '', to: '', companyId: null });
  const [rows, setRows] = useState<AuditEntry[]>([]);
  const [nextId, setNextId] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [retention, setRetention] = useState<number | null>(null);

  const load = useCallback(async (cursor?: number) => {
    setLoading(true);
    try {
      const page = await api.get<{ auditLogs: AuditEntry[]; nextId: number | null }>('/audit-logs', { ...queryOf(filters), nextId: cursor });
      setRows((old) => (cursor ? [...old, ...page.auditLogs] : page.auditLogs));
      setNextId(page.nextId);
    } catch (err) { toast.error(err); } finally { setLoading(false); }
  }, [filters]);
  useEffect(() => { void load(); }, [load]);

  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setFilters((f) => ({ ...f, [key]: value }));
  const saveRetention = async () => {
    const value = String(retention ?? '');
    try { await api.put('/settings/auditRetentionDays', { value }); onChange('auditRetentionDays', value); setRetention(null); toast.success(t('settings.updated')); }
    catch (err) { toast.error(err); }
  };
  // A key the console has no word for (a newer server's, another plugin's table) shows as it is.
  const actionLabel = (action: string) => t(`settings.audit.actions.${action}`, { defaultValue: action });
  const entityLabel = (entity: string) => t(`settings.audit.entities.${entity}`, { defaultValue: entity });
  const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
  const changes = (row: AuditEntry) => (
    <ul className="audit-changes">
      {Object.entries(row.changes ?? {}).map(([field, c]) => <li key={field}><b>{field}</b>: {'before' in c ? shownValue(c.before) : ''}{'before' in c && 'after' in c ? ' → ' : ''}{'after' in c ? shownValue(c.after) : ''}</li>)}
    </ul>
  );
  const actor = (row: AuditEntry) => (
    <span>{row.userName ?? (row.userId ? `#${row.userId}` : '—')}{row.impersonatorId ? <small className="muted"> ({t('settings.audit.viaImpersonation', { name: row.impersonatorName ?? `#${row.impersonatorId}` })})</small> : null}</span>
  );
  return (
    <div data-testid="settings-audit">
      {isSuper && (
        <div className="form-grid">
          <label htmlFor="s-auditRetentionDays">{t('settings.audit.retention')}</label>
          <div className="p-inputgroup">
            <InputNumber inputId="s-auditRetentionDays" min={1} max={3650} value={retention ?? Number(values.auditRetentionDays || 365)} onValueChange={(e) => setRetention(e.value ?? null)} data-testid="setting-auditRetentionDays" />
            <Button icon="pi pi-check" aria-label={t('common.save')} disabled={retention === null} onClick={() => void saveRetention()} data-testid="setting-auditRetentionDays-save" />
          </div>
        </div>
      )}
      <div className="audit-filters">
        <Dropdown value={filters.entity || null} options={ENTITIES.map((e) => ({ label: entityLabel(e), value: e })).sort(byLabel)} placeholder={t('settings.audit.anyEntity')} filter showClear onChange={(e) => set('entity', (e.value as string | null) ?? '')} aria-label={t('settings.audit.entity')} data-testid="audit-entity" />
        <Dropdown value={filters.action} options={[{ label: t('settings.audit.anyAction'), value: '' }, ...ACTIONS.map((a) => ({ label: actionLabel(a), value: a }))]} placeholder={t('settings.audit.anyAction')} onChange={(e) => set('action', e.value as string)} aria-label={t('settings.audit.action')} data-testid="audit-action" />
        <InputNumber placeholder={t('settings.audit.actorId')} value={filters.userId} onValueChange={(e) => set('userId', e.value ?? null)} useGrouping={false} data-testid="audit-user" />
        {isSuper && <InputNumber placeholder={t('settings.audit.company')} value={filters.companyId} onValueChange={(e) => set('companyId', e.value ?? null)} useGrouping={false} data-testid="audit-company" />}
        <label>{t('settings.audit.from')} <InputText type="date" value={filters.from} onChange={(e) => set('from', e.target.value)} data-testid="audit-from" /></label>
        <label>{t('settings.audit.to')} <InputText type="date" value={filters.to} onChange={(e) => set('to', e.target.value)} data-testid="audit-to" /></label>
        <Button icon="pi pi-download" label={t('settings.audit.export')} outlined onClick={() => void downloadFile('/audit-logs/export', 'audit-log.csv', queryOf(filters)).catch((err) => toast.error(err))} data-testid="audit-export" />
      </div>
      <DataTable value={rows} dataKey="id" size="small" loading={loading} emptyMessage={t('settings.audit.empty')} data-testid="audit-table" className="audit-table">
        <Column header={t('settings.audit.when')} body={(r: AuditEntry) => new Date(r.createdAt).toLocaleString()} />
        {isSuper && <Column header={t('settings.audit.company')} field="companyId" />}
        <Column header={t('settings.audit.actor')} body={actor} />
        <Column header={t('settings.audit.action')} body={(r: AuditEntry) => <span data-testid="audit-row-action">{actionLabel(r.action)}</span>} />
        <Column header={t('settings.audit.entity')} body={(r: AuditEntry) => <span data-testid="audit-row-entity">{entityLabel(r.entity)}</span>} />
        <Column header={t('settings.audit.entityId')} field="entityId" />
        <Column header={t('settings.audit.changes')} body={changes} />
        <Column header={t('settings.audit.address')} field="ip" />
      </DataTable>
      {nextId !== null && <Button className="mt-2" label={t('settings.audit.more')} text onClick={() => void load(nextId)} data-testid="audit-more" />}
    </div>
  );
}
