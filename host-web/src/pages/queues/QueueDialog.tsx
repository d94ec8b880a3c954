import { useEffect, useRef, useState } from 'react';
import { useFormik } from 'formik';
import * as Yup from 'yup';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { TabView, TabPanel } from 'primereact/tabview';
import { InputText } from 'primereact/inputtext';
import { InputNumber } from 'primereact/inputnumber';
import { InputTextarea } from 'primereact/inputtextarea';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { api } from '../../api/client';
import { useSession } from '../../session/useSession';
import { settingOf } from '../../session/permissions';
import { toast } from '../../toast/toast';
import { FieldError } from '../../components/FieldError';
import { showApiFieldError } from '../../blocks';
import { Slot } from '../../components/Slot';
import { ColorField } from '../../components/ColorField';
import { WeekHoursFields } from './WeekHoursFields';
import { OptionsTree } from './OptionsTree';
import { ASSIGNMENT_POLICIES, DEFAULT_HOURS, TIME_PATTERN, type Queue, type WeekdayHours } from './types';

/**
 * Queue form. Tabs: queue data (name 2-50, colour 3-9, order, greeting, out-of-hours message); attendance time
 * (only when the scheduleType setting is 'queue'); the chatbot option tree (once the queue exists).
 */
export function QueueDialog({ queue, visible, onHide, onSaved }: {
  queue: Queue | null; visible: boolean; onHide: () => void;
  /** `buildMenu`: a new queue saved from its options tab, which the page reopens in edit mode on that tab. */
  onSaved: (q: Queue, created: boolean, buildMenu: boolean) => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const byQueue = settingOf(user, 'scheduleType') === 'queue';
  const [tab, setTab] = useState(0);
  const hoursTab = byQueue ? 1 : -1;
  // TabView numbers its children, the absent hours tab's `false` included: the options tab is always the third.
  const optionsTab = 2;
  // Set by "Save and build the menu": the dialog comes back on the saved queue's options tab.
  const toMenu = useRef(false);
  useEffect(() => { if (visible) setTab(toMenu.current ? optionsTab : 0); toMenu.current = false; }, [visible, queue]);
  const form = useFormik({
    enableReinitialize: true,
    initialValues: {
      name: queue?.name ?? '', color: queue?.color ?? '', orderQueue: queue?.orderQueue ?? null as number | null,
      greetingMessage: queue?.greetingMessage ?? '', outOfHoursMessage: queue?.outOfHoursMessage ?? '',
      schedules: (queue?.schedules?.length === 7 ? queue.schedules : DEFAULT_HOURS) as WeekdayHours[],
      // Written by plugins' pickers in the queueDialog.fields slot (AI prompt, integration).
      promptId: queue?.promptId ?? null, integrationId: queue?.integrationId ?? null,
      assignment: queue?.assignment ?? 'manual', assignmentCap: queue?.assignmentCap ?? null as number | null,
      slaFirstResponseMinutes: queue?.slaFirstResponseMinutes ?? null as number | null, slaResolutionMinutes: queue?.slaResolutionMinutes ?? null as number | null,
    },
    validationSchema: Yup.object({
      name: Yup.string().trim().min(2, t('validation.tooShort')).max(50, t('validation.tooLong')).required(t('validation.required')),
      color: Yup.string().trim().min(3, t('validation.tooShort')).max(9, t('validation.tooLong')).required(t('validation.required')),
      schedules: Yup.array().test('hours', t('queues.form.invalidTime'), (days) => !byQueue || (days ?? []).every((d) => TIME_PATTERN.test(d.startTime) && TIME_PATTERN.test(d.endTime))),
    }),
    onSubmit: async ({ schedules, ...values }, helpers) => {
      const body = { ...values, name: values.name.trim(), color: values.color.trim(), ...(byQueue ? { schedules } : {}) };
      try {
        const saved = queue ? await api.put<Queue>(`/queue/${queue.id}`, body) : await api.post<Queue>('/queue', body);
        toast.success(t('queues.saved'));
        // Save closes the dialog; only "Save and build the menu" (a new queue's options tab) keeps it, in edit mode.
        const buildMenu = !queue && toMenu.current;
        if (!buildMenu) onHide();
        onSaved(saved, !queue, buildMenu);
      } catch (err) {
        // A field the API refused (a name or colour in use) is on the data tab, maybe not the one shown.
        if (showApiFieldError(err, values, helpers)) setTab(0);
        toast.error(err);
      }
    },
  });
  const submit = async (buildMenu = false) => {
    toMenu.current = buildMenu;
    const errors = await form.validateForm();
    if (errors.schedules && hoursTab > 0) setTab(hoursTab);
    else if (errors.name || errors.color) setTab(0);
    await form.submitForm();
  };

  /** A whole number of the form, empty for none (the API's null). */
  const numberField = (id: string, name: 'assignmentCap' | 'slaFirstResponseMinutes' | 'slaResolutionMinutes', max: number) => (
    <>
      <label htmlFor={id}>{t(`queues.form.${name}`)}</label>
      <InputNumber inputId={id} value={form.values[name]} min={1} max={max} useGrouping={false} placeholder={t(`queues.form.${name}Empty`)}
        onValueChange={(e) => form.setFieldValue(name, e.value ?? null)} />
    </>
  );

  return (
    <Dialog header={t(queue ? 'queues.form.titleEdit' : 'queues.form.titleAdd')} visible={visible} onHide={onHide} style={{ width: 'min(640px, 96vw)' }}
      footer={<div className="dialog-actions" style={{ marginTop: 0 }}><Button type="button" text label={t('common.cancel')} onClick={onHide} /><Button type="button" label={t('common.save')} loading={form.isSubmitting} onClick={() => void submit()} data-testid="queue-save" /></div>}>
      <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)}>
        <TabPanel header={t('queues.form.dataTab')}>
          <form onSubmit={form.handleSubmit} className="form-grid" data-testid="queue-form">
            <label htmlFor="q-name">{t('queues.name')}</label><InputText id="q-name" {...form.getFieldProps('name')} /><FieldError form={form} name="name" />
            <label htmlFor="q-color">{t('queues.color')}</label>
            <ColorField id="q-color" value={form.values.color} onChange={(v) => { void form.setFieldTouched('color', true, false); void form.setFieldValue('color', v); }} /><FieldError form={form} name="color" />
            <label htmlFor="q-order">{t('queues.form.orderQueue')}</label>
            <InputNumber inputId="q-order" value={form.values.orderQueue} min={0} max={100000} useGrouping={false} onValueChange={(e) => form.setFieldValue('orderQueue', e.value ?? null)} />
            <label htmlFor="q-greeting">{t('queues.form.greetingMessage')}</label><InputTextarea id="q-greeting" rows={3} autoResize {...form.getFieldProps('greetingMessage')} />
            <label htmlFor="q-ooh">{t('queues.form.outOfHoursMessage')}</label><InputTextarea id="q-ooh" rows={3} autoResize {...form.getFieldProps('outOfHoursMessage')} />
            <label htmlFor="q-assignment">{t('queues.form.assignment')}</label>
            <Dropdown inputId="q-assignment" value={form.values.assignment} options={ASSIGNMENT_POLICIES.map((p) => ({ value: p, label: t(`queues.assignment.${p}`) }))}
              onChange={(e) => form.setFieldValue('assignment', e.value)} data-testid="queue-assignment" />
            {numberField('q-cap', 'assignmentCap', 1000)}
            {numberField('q-sla-first', 'slaFirstResponseMinutes', 525600)}
            {numberField('q-sla-resolution', 'slaResolutionMinutes', 525600)}
            <Slot name="queueDialog.fields" props={{ values: form.values, setFieldValue: (name, value) => void form.setFieldValue(name, value) }} />
            <button type="submit" hidden />
          </form>
        </TabPanel>
        {byQueue && (
          <TabPanel header={t('queues.form.hoursTab')}>
            <WeekHoursFields value={form.values.schedules} onChange={(v) => form.setFieldValue('schedules', v)} showErrors={form.submitCount > 0} />
          </TabPanel>
        )}
        <TabPanel header={t('queues.form.optionsTab')}>
          {queue ? <OptionsTree queueId={queue.id} /> : (
            <div className="form-grid">
              <p className="muted">{t('queues.form.saveFirst')}</p>
              <Button type="button" icon="pi pi-sitemap" label={t('queues.form.saveAndBuildMenu')} loading={form.isSubmitting} onClick={() => void submit(true)} data-testid="queue-save-menu" />
            </div>
          )}
        </TabPanel>
      </TabView>
    </Dialog>
  );
}
