import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabView, TabPanel } from 'primereact/tabview';
import './i18n';
import './settings.css';
import { api } from '../../api/client';
import { useSession } from '../../session/useSession';
import { toast } from '../../toast/toast';
import { OptionsTab } from './OptionsTab';
import { SchedulesTab } from './SchedulesTab';
import { CompaniesTab } from './companies/CompaniesTab';
import { PlansTab } from './plans/PlansTab';
import { HelpsTab } from './helps/HelpsTab';
import { BillingTab } from './BillingTab';
import { RetentionTab } from './RetentionTab';
import { BrandingTab } from './BrandingTab';
import { AuditTab } from './AuditTab';

/** Tabs: options; schedules (when scheduleType is company); data retention; audit log (admins); companies, plans, helps with add / edit / delete, branding, billing (super users). */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { user, isSuper } = useSession();
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    api.get<Array<{ key: string; value: string }>>('/settings').then((list) => setValues(Object.fromEntries(list.map((s) => [s.key, s.value])))).catch((err) => toast.error(err));
  }, []);
  return (
    <div data-testid="settings-page">
      <div className="page-header"><h2>{t('settings.title')}</h2></div>
      <TabView>
        <TabPanel header={t('settings.tabs.options')}><OptionsTab values={values} onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))} /></TabPanel>
        {values.scheduleType === 'company' && user && <TabPanel header={t('settings.tabs.schedules')}><SchedulesTab companyId={user.companyId} /></TabPanel>}
        <TabPanel header={t('settings.tabs.retention')}><RetentionTab values={values} isSuper={isSuper} onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))} /></TabPanel>
        {(isSuper || user?.profile === 'admin') && <TabPanel header={t('settings.tabs.audit')}><AuditTab isSuper={isSuper} values={values} onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))} /></TabPanel>}
        {isSuper && <TabPanel header={t('settings.tabs.companies')}><CompaniesTab /></TabPanel>}
        {isSuper && <TabPanel header={t('settings.tabs.plans')}><PlansTab /></TabPanel>}
        {isSuper && <TabPanel header={t('settings.tabs.helps')}><HelpsTab /></TabPanel>}
        {isSuper && <TabPanel header={t('settings.tabs.branding')}><BrandingTab /></TabPanel>}
        {isSuper && <TabPanel header={t('settings.tabs.billing')}><BillingTab values={values} onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))} /></TabPanel>}
      </TabView>
    </div>
  );
}
