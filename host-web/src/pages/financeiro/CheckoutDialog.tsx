import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormik } from 'formik';
import * as Yup from 'yup';
import { Dialog } from 'primereact/dialog';
import { Steps } from 'primereact/steps';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { QRCodeSVG } from 'qrcode.react';
import './i18n';
import type { ApiClient } from '../../api/client';
import { FieldError } from '../../components/FieldError';
import { companyEvent, useSocketEvent } from '../../socket/useSocketEvent';
import { toast } from '../../toast/toast';
import { formatDate, formatMoney } from '../../util/format';
import type { Invoice } from './invoice';

/** core §9: after CONCLUIDA the app goes to / after 4 s; the copied hint shows for 1 s; the QR is 256 px. */
export const PAID_REDIRECT_MS = 4000;
export const COPIED_HINT_MS = 1000;
const QR_SIZE = 256;

/** Step indexes of core §4: data (0), plan (1, the starting step), review (2); then the Pix screen. */
const DATA = 0;
const PLAN = 1;
const REVIEW = 2;

interface PixReply { qrcode: { qrcode: string }; valor: { original: string }; invoiceId: number; gateway: string; expiresAt: string | null }
interface PaymentEvent { action?: string; invoiceId?: number; company?: { dueDate?: string } }

const EMPTY = { firstName: '', lastName: '', address2: '', city: '', state: '', zipcode: '', country: 'BR' };

/**
 * The checkout of one invoice: the payer's data, the plan (the invoice: what is charged), a review, then the Pix
 * code as a QR image and a copy-paste text. The amount is always the invoice's (the server ignores any price).
 * Card fields are not asked: the gateways charge Pix (docs/decisions.md, Billing).
 */
export function CheckoutDialog({ invoice, client, companyId, onHide, onPaid }: {
  invoice: Invoice | null;
  /** The session's API client, or the renewal token's on /renew. */
  client: ApiClient;
  companyId: number | null;
  onHide: () => void;
  /** After the success toast and the 4 s pause. */
  onPaid: (dueDate: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState(PLAN);
  const [pix, setPix] = useState<PixReply | null>(null);
  const [copied, setCopied] = useState(false);
  const [paidUntil, setPaidUntil] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timers = useRef<number[]>([]);
  useEffect(() => () => { timers.current.forEach((id) => window.clearTimeout(id)); }, []);

  const form = useFormik({
    initialValues: EMPTY,
    validationSchema: Yup.object({
      firstName: Yup.string().trim().required(t('validation.required')),
      address2: Yup.string().trim().required(t('validation.required')),
      city: Yup.string().trim().required(t('validation.required')),
      zipcode: Yup.string().trim().required(t('validation.required')).matches(/^[0-9A-Za-z -]{3,12}$/, t('invoices.checkout.invalidZip')),
      country: Yup.string().oneOf(['BR', 'usa']).required(t('validation.required')),
    }),
    onSubmit: async (values) => {
      if (!invoice) return;
      setBusy(true);
      try {
        setPix(await client.post<PixReply>('/subscription', { ...values, invoiceId: invoice.id }));
      } catch (err) { toast.error(err); } finally { setBusy(false); }
    },
  });

  // A new invoice starts over at the plan step.
  useEffect(() => {
    setStep(PLAN); setPix(null); setPaidUntil(null); setCopied(false);
  }, [invoice?.id]);

  useSocketEvent(companyEvent(companyId, 'payment'), (data: PaymentEvent) => {
    if (data?.action !== 'CONCLUIDA' || !invoice || data.invoiceId !== invoice.id || paidUntil) return;
    const dueDate = data.company?.dueDate;
    setPaidUntil(dueDate ?? '');
    toast.success(t('invoices.checkout.renewed', { date: formatDate(dueDate) }));
    timers.current.push(window.setTimeout(() => onPaid(dueDate), PAID_REDIRECT_MS));
  });

  const goToReview = async () => {
    const errors = await form.validateForm();
    form.setTouched({ firstName: true, address2: true, city: true, zipcode: true, country: true });
    if (Object.keys(errors).length) { setStep(DATA); return; }
    setStep(REVIEW);
  };

  const copy = async () => {
    if (!pix) return;
    try { await navigator.clipboard.writeText(pix.qrcode.qrcode); } catch { /* the text stays selectable */ }
    setCopied(true);
    timers.current.push(window.setTimeout(() => setCopied(false), COPIED_HINT_MS));
  };

  const sandboxPay = async () => {
    if (!invoice) return;
    setBusy(true);
    try { await client.post('/subscription/sandbox/pay', { invoiceId: invoice.id }); } catch (err) { toast.error(err); } finally { setBusy(false); }
  };

  const steps = [{ label: t('invoices.checkout.steps.data') }, { label: t('invoices.checkout.steps.plan') }, { label: t('invoices.checkout.steps.review') }];
  const field = (name: keyof typeof EMPTY, id = `co-${name}`) => (
    <>
      <label htmlFor={id}>{t(`invoices.checkout.fields.${name}`)}</label>
      <InputText id={id} {...form.getFieldProps(name)} data-testid={`checkout-${name}`} />
      <FieldError form={form} name={name} />
    </>
  );

  const footer = pix ? <Button label={t('common.close')} text onClick={onHide} /> : (
    <div className="dialog-actions">
      {step > DATA && <Button label={t('invoices.checkout.back')} text onClick={() => setStep(step === REVIEW ? PLAN : DATA)} data-testid="checkout-back" />}
      {step === DATA && <Button label={t('invoices.checkout.next')} onClick={() => void goToReview()} data-testid="checkout-next" />}
      {step === PLAN && <Button label={t('invoices.checkout.next')} onClick={() => void goToReview()} data-testid="checkout-next" />}
      {step === REVIEW && <Button label={t('invoices.checkout.pay')} icon="pi pi-qrcode" loading={busy} onClick={() => form.handleSubmit()} data-testid="checkout-submit" />}
    </div>
  );

  return (
    <Dialog header={t('invoices.checkout.title')} visible={!!invoice} onHide={onHide} style={{ width: 'min(560px, 96vw)' }} footer={footer}>
      {invoice && !pix && (
        <div data-testid="checkout-dialog">
          <Steps model={steps} activeIndex={step} style={{ marginBottom: '1rem' }} />
          {step === DATA && (
            <div className="form-grid" data-testid="checkout-step-data">
              {field('firstName')}{field('lastName')}{field('address2')}{field('city')}{field('state')}{field('zipcode')}
              <label htmlFor="co-country">{t('invoices.checkout.fields.country')}</label>
              <Dropdown inputId="co-country" value={form.values.country} options={[{ value: 'BR', label: 'Brasil' }, { value: 'usa', label: 'USA' }]}
                onChange={(e) => form.setFieldValue('country', e.value)} />
              <FieldError form={form} name="country" />
            </div>
          )}
          {step === PLAN && (
            <div className="form-grid" data-testid="checkout-step-plan">
              <strong>{t('invoices.checkout.invoice', { id: invoice.id })}</strong>
              <span>{invoice.detail}</span>
              <span>{t('invoices.value')}: <strong>{formatMoney(Number(invoice.value))}</strong></span>
              <span>{t('invoices.dueDate')}: {formatDate(invoice.dueDate)}</span>
            </div>
          )}
          {step === REVIEW && (
            <div className="form-grid" data-testid="checkout-step-review">
              <span>{[form.values.firstName, form.values.lastName].filter(Boolean).join(' ')}</span>
              <span>{[form.values.address2, form.values.city, form.values.state, form.values.zipcode, form.values.country].filter(Boolean).join(', ')}</span>
              <span>{invoice.detail} — <strong>{formatMoney(Number(invoice.value))}</strong></span>
            </div>
          )}
        </div>
      )}
      {invoice && pix && (
        <div className="form-grid" data-testid="checkout-pix" style={{ justifyItems: 'center', textAlign: 'center' }}>
          {paidUntil !== null
            ? <Message severity="success" text={t('invoices.checkout.renewed', { date: formatDate(paidUntil) })} data-testid="checkout-paid" />
            : <span className="muted">{t('invoices.checkout.scan', { value: formatMoney(Number(pix.valor.original)) })}</span>}
          <div data-testid="checkout-qr" style={{ background: '#fff', padding: 12, display: 'inline-block' }}>
            <QRCodeSVG value={pix.qrcode.qrcode} size={QR_SIZE} />
          </div>
          <div className="p-inputgroup" style={{ width: '100%' }}>
            <InputText readOnly value={pix.qrcode.qrcode} onFocus={(e) => e.currentTarget.select()} aria-label={t('invoices.checkout.copyPaste')} data-testid="checkout-code" />
            <Button icon="pi pi-copy" label={t('invoices.checkout.copy')} onClick={() => void copy()} data-testid="checkout-copy" />
          </div>
          {copied && <small data-testid="checkout-copied">{t('invoices.checkout.copied')}</small>}
          {pix.gateway === 'sandbox' && paidUntil === null && (
            <Button severity="help" icon="pi pi-check-circle" label={t('invoices.checkout.sandboxPay')} loading={busy} onClick={() => void sandboxPay()} data-testid="checkout-sandbox-pay" />
          )}
        </div>
      )}
    </Dialog>
  );
}
