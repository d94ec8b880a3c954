import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Chart from 'react-apexcharts';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import { useTheme } from '../../theme/theme';

interface Times { count: number; median: number | null; p90: number | null }
interface Compliance { settled: number; breached: number; rate: number | null }
interface Figures { id: number; name: string; tickets: number; firstResponse: Times; resolution: Times; sla: { firstResponse: Compliance; resolution: Compliance }; rating: { count: number; average: number | null } }
interface Period { from: string; to: string; total: Figures; queues: Figures[]; agents: Figures[]; byHour: number[] }
interface Range { initialDate: string; finalDate: string }

/** UTC hour counts turned to the viewer's hours (whole-hour zones; a half-hour zone rounds to the nearest). */
export function toLocalHours(byHour: number[], offsetMinutes = -new Date().getTimezoneOffset()): number[] {
  const shift = Math.round(offsetMinutes / 60);
  const local = Array<number>(24).fill(0);
  byHour.forEach((n, utc) => { local[(((utc + shift) % 24) + 24) % 24] += n; });
  return local;
}

/**
 * The supervisor's period (issue 30): first-response and resolution times (median, p90) per queue or agent, SLA
 * compliance, ratings and volume by hour of day as ApexCharts, with a CSV of the same figures. Its own chunk.
 */
export default function ServicePeriod({ range }: { range: Range }) {
  const { t } = useTranslation();
  const [mode] = useTheme();
  const [by, setBy] = useState<'queues' | 'agents'>('queues');
  const [data, setData] = useState<Period | null>(null);
  const query = useMemo(() => ({ date_from: range.initialDate, date_to: range.finalDate }), [range]);
  useEffect(() => {
    api.get<Period>('/dashboard/service/period', query).then(setData).catch((err) => toast.error(err));
  }, [query]);
  const rows = data?.[by] ?? [];
  const minutes = (v: number | null) => (v === null ? '—' : t('dashboard.servicePeriod.minutes', { value: v }));
  const percent = (c: Compliance) => (c.rate === null ? '—' : `${c.rate}% (${c.breached})`);
  const options = (categories: string[]) => ({ theme: { mode } as const, chart: { background: 'transparent', toolbar: { show: false } }, xaxis: { categories }, dataLabels: { enabled: false } });
  const names = rows.map((r) => r.name);
  /** One ApexCharts bar card: per queue or agent (or the given categories), one series per figure. */
  const barChart = (testId: string, title: string, series: Array<{ name: string; data: number[] }>, extra: object = {}, categories = names) => (
    <div className="chart-card" data-testid={testId}>
      <h3>{t(`dashboard.servicePeriod.${title}`)}</h3>
      <Chart type="bar" height={260} options={{ ...options(categories), ...extra }} series={series} />
    </div>
  );
  const exportCsv = () => api.download('/dashboard/service/period/export', `service-desk-${range.initialDate}-${range.finalDate}.csv`, query).catch((err) => toast.error(err));

  return (
    <section className="service-period" data-testid="service-period">
      <div className="tickets-toolbar">
        <h3>{t('dashboard.servicePeriod.title')}</h3>
        <Dropdown value={by} aria-label={t('dashboard.servicePeriod.by')} onChange={(e) => setBy(e.value)} data-testid="period-by"
          options={[{ value: 'queues', label: t('dashboard.servicePeriod.byQueue') }, { value: 'agents', label: t('dashboard.servicePeriod.byAgent') }]} />
        <Button icon="pi pi-download" label={t('dashboard.servicePeriod.exportCsv')} text onClick={() => void exportCsv()} data-testid="period-export" />
      </div>
      <DataTable value={data ? [...rows, { ...data.total, name: t('dashboard.servicePeriod.total') }] : []} size="small" emptyMessage={t('common.noRecords')} data-testid="period-table">
        <Column field="name" header={by === 'queues' ? t('dashboard.desk.queue') : t('dashboard.desk.agent')} />
        <Column field="tickets" header={t('dashboard.servicePeriod.tickets')} />
        <Column header={t('dashboard.servicePeriod.firstResponseMedian')} body={(r: Figures) => minutes(r.firstResponse.median)} />
        <Column header={t('dashboard.servicePeriod.firstResponseP90')} body={(r: Figures) => minutes(r.firstResponse.p90)} />
        <Column header={t('dashboard.servicePeriod.resolutionMedian')} body={(r: Figures) => minutes(r.resolution.median)} />
        <Column header={t('dashboard.servicePeriod.resolutionP90')} body={(r: Figures) => minutes(r.resolution.p90)} />
        <Column header={t('dashboard.servicePeriod.slaFirstResponse')} body={(r: Figures) => percent(r.sla.firstResponse)} />
        <Column header={t('dashboard.servicePeriod.slaResolution')} body={(r: Figures) => percent(r.sla.resolution)} />
        <Column header={t('dashboard.servicePeriod.rating')} body={(r: Figures) => (r.rating.average === null ? '—' : `${r.rating.average} (${r.rating.count})`)} />
      </DataTable>
      <div className="charts">
        {barChart('chart-first-response', 'firstResponseChart', [
          { name: t('dashboard.servicePeriod.median'), data: rows.map((r) => r.firstResponse.median ?? 0) }, { name: 'p90', data: rows.map((r) => r.firstResponse.p90 ?? 0) }])}
        {barChart('chart-resolution', 'resolutionChart', [
          { name: t('dashboard.servicePeriod.median'), data: rows.map((r) => r.resolution.median ?? 0) }, { name: 'p90', data: rows.map((r) => r.resolution.p90 ?? 0) }])}
        {barChart('chart-sla', 'slaChart', [
          { name: t('dashboard.servicePeriod.slaFirstResponse'), data: rows.map((r) => r.sla.firstResponse.rate ?? 0) },
          { name: t('dashboard.servicePeriod.slaResolution'), data: rows.map((r) => r.sla.resolution.rate ?? 0) }], { yaxis: { max: 100 } })}
        {barChart('chart-hours', 'hoursChart', [{ name: t('dashboard.servicePeriod.tickets'), data: toLocalHours(data?.byHour ?? Array(24).fill(0)) }], {},
          Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}h`))}
      </div>
    </section>
  );
}
