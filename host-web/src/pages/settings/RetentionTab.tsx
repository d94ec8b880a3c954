import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputNumber } from 'primereact/inputnumber';
import { Button } from 'primereact/button';
import { addTranslations } from '../../i18n';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';

addTranslations({
  en: { settings: { tabs: { retention: 'Data retention' }, retention: {
    months: 'Delete the messages and files of tickets closed more than this many months ago (0: keep them)',
    maximum: 'Platform maximum for every company, in months (0: none)',
    hint: 'Checked every hour, in small batches. The tickets stay, so the dashboard does not change; the deletion is recorded without its content.',
  } } },
  pt: { settings: { tabs: { retention: 'Retenção de dados' }, retention: {
    months: 'Apagar as mensagens e arquivos de atendimentos fechados há mais de tantos meses (0: guardar)',
    maximum: 'Máximo da plataforma para todas as empresas, em meses (0: nenhum)',
    hint: 'Verificado a cada hora, em pequenos lotes. Os atendimentos ficam, então o painel não muda; o apagamento é registrado sem o seu conteúdo.',
  } } },
  es: { settings: { tabs: { retention: 'Retención de datos' }, retention: {
    months: 'Borrar los mensajes y archivos de atenciones cerradas hace más de tantos meses (0: guardarlos)',
    maximum: 'Máximo de la plataforma para todas las empresas, en meses (0: ninguno)',
    hint: 'Se revisa cada hora, en lotes pequeños. Las atenciones quedan, así que el panel no cambia; el borrado se registra sin su contenido.',
  } } },
});

/** The company's message retention (PUT /settings/messageRetentionMonths) and, for the super user, the platform's maximum. */
export function RetentionTab({ values, onChange, isSuper }: { values: Record<string, string>; onChange: (key: string, value: string) => void; isSuper: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Record<string, number | null>>({});
  const save = async (key: string) => {
    const value = String(draft[key] ?? 0);
    try { await api.put(`/settings/${key}`, { key, value }); onChange(key, value); setDraft(({ [key]: _saved, ...rest }) => rest); toast.success(t('settings.updated')); }
    catch (err) { toast.error(err); }
  };
  const field = (key: string, label: string) => (
    <div className="form-grid" key={key}>
      <label htmlFor={`s-${key}`}>{label}</label>
      <div className="p-inputgroup">
        <InputNumber inputId={`s-${key}`} min={0} max={120} value={draft[key] ?? Number(values[key] || 0)} onValueChange={(e) => setDraft((d) => ({ ...d, [key]: e.value ?? 0 }))} data-testid={`setting-${key}`} />
        <Button icon="pi pi-check" aria-label={t('common.save')} disabled={draft[key] === undefined} onClick={() => void save(key)} data-testid={`setting-${key}-save`} />
      </div>
    </div>
  );
  return (
    <div className="settings-grid" data-testid="settings-retention">
      {field('messageRetentionMonths', t('settings.retention.months'))}
      {isSuper && field('retentionMaxMonths', t('settings.retention.maximum'))}
      <small className="muted">{t('settings.retention.hint')}</small>
    </div>
  );
}
