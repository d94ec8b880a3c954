import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabView, TabPanel } from 'primereact/tabview';
import './i18n';
import { api } from '../../api/client';
import { useSession } from '../../session/useSession';
import { toast } from '../../toast/toast';
import { formatDate, formatMoney } from '../../util/format';
import { OptionsTab } from './OptionsTab';
import { SchedulesTab } from './SchedulesTab';
import { ListTab } from './ListTab';

/** Tabs: options; schedules (when scheduleType is company); companies, plans, helps (super users). */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { user, isSuper } = useSession();
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    api.get<Array<{ key: string; value: string }>>('/settings').then((list) => setValues(Object.fromEntries(list.map((s) => [s.key, s.value])))).catch((err) => toast.error(err));
  }, []);
  const c = (field: string, format?: (v: unknown) => string) => ({ field, header: t(`settings.columns.${field}`), format });
  return (
    <div data-testid="settings-page">
      <div className="page-header"><h2>{t('settings.title')}</h2></div>
      <TabView>
        <TabPanel header={t('settings.tabs.options')}><OptionsTab values={values} onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))} /></TabPanel>
        {values.scheduleType === 'company' && user && <TabPanel header={t('settings.tabs.schedules')}><SchedulesTab companyId={user.companyId} /></TabPanel>}
        {isSuper && <TabPanel header={t('settings.tabs.companies')}><ListTab path="/companies/list" columns={[c('name'), c('email'), c('dueDate', (v) => formatDate(v as string))]} /></TabPanel>}
        {isSuper && <TabPanel header={t('settings.tabs.plans')}><ListTab path="/plans/all" columns={[c('name'), c('users'), c('connections'), c('queues'), c('value', (v) => formatMoney(Number(v ?? 0)))]} /></TabPanel>}
        {isSuper && <TabPanel header={t('settings.tabs.helps')}><ListTab path="/helps/list" columns={[c('title'), c('video'), c('description')]} /></TabPanel>}
      </TabView>
    </div>
  );
}
