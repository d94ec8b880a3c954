import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Chart from 'react-apexcharts';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import { useTheme } from '../../theme/theme';

interface Range { initialDate: string; finalDate: string }

/** ApexCharts by user and by day: its own chunk (imported lazily by the dashboard). */
export default function Charts({ range }: { range: Range }) {
  const { t } = useTranslation();
  const [mode] = useTheme();
  const [byUser, setByUser] = useState<Array<{ nome: string; quantidade: number }>>([]);
  const [byDay, setByDay] = useState<Array<{ data?: string; horario?: string; total: number }>>([]);
  useEffect(() => {
    api.get<{ data: typeof byUser }>('/dashboard/ticketsUsers', { ...range }).then((r) => setByUser(r.data ?? [])).catch(() => toast.error(t('dashboard.userChartError')));
    api.get<{ data: typeof byDay }>('/dashboard/ticketsDay', { ...range }).then((r) => setByDay(r.data ?? [])).catch(() => toast.error(t('dashboard.dateChartError')));
  }, [range, t]);
  const theme = { mode } as const;
  return (
    <div className="charts">
      <div className="chart-card" data-testid="chart-users">
        <h3>{t('dashboard.charts.byUser')}</h3>
        <Chart type="bar" height={260} options={{ theme, chart: { background: 'transparent', toolbar: { show: false } }, xaxis: { categories: byUser.map((d) => d.nome) } }}
          series={[{ name: t('dashboard.charts.total'), data: byUser.map((d) => d.quantidade) }]} />
      </div>
      <div className="chart-card" data-testid="chart-days">
        <h3>{t('dashboard.charts.byDay')}</h3>
        <Chart type="area" height={260} options={{ theme, chart: { background: 'transparent', toolbar: { show: false } }, xaxis: { categories: byDay.map((d) => d.data ?? d.horario ?? '') } }}
          series={[{ name: t('dashboard.charts.total'), data: byDay.map((d) => d.total) }]} />
      </div>
    </div>
  );
}
