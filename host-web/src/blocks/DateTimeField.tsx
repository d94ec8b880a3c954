import { lazy, Suspense } from 'react';

/** PrimeReact's Calendar comes with the first field that shows one, not with the SDK every remote loads. */
const Calendar = lazy(() => import('primereact/calendar').then((m) => ({ default: m.Calendar })));

export interface DateTimeFieldProps {
  values: Record<string, unknown>;
  setFieldValue(name: string, value: unknown): void;
  /** The form field: an ISO 8601 instant (with `time`, the default) or a 'YYYY-MM-DD' day; '' or null is none. */
  name: string;
  label: string;
  /** A time of day too (24 h); default true. */
  time?: boolean;
  testId?: string;
  error?: string | false;
  /** The earliest choosable moment (e.g. now, for a schedule). */
  minDate?: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

function toDate(value: unknown, time: boolean): Date | null {
  if (typeof value !== 'string' || !value) return null;
  // A bare day is the local midnight of that day, not UTC's (which is the day before west of Greenwich).
  const date = time ? new Date(value) : new Date(`${value}T00:00:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A labelled date (and time) picker: PrimeReact's Calendar, typed as dd/mm/yyyy [HH:mm] or picked, with the
 * console's input style, laid out like the other blocks. Remotes use it instead of a bare `<input type="date">`.
 */
export function DateTimeField({ values, setFieldValue, name, label, time = true, testId, error, minDate }: DateTimeFieldProps) {
  const id = `date-${testId ?? name}`;
  const value = toDate(values[name], time);
  const write = (date: Date | null | undefined) => setFieldValue(name, date ? (time ? date.toISOString() : localDay(date)) : null);
  return (
    <div className="id-select" data-testid={testId}>
      <label htmlFor={id}>{label}</label>
      <Suspense fallback={<input id={id} className="p-inputtext p-component" disabled />}>
        <Calendar inputId={id} value={value} onChange={(e) => write(e.value as Date | null)} showTime={time} hourFormat="24" dateFormat="dd/mm/yy"
          showIcon showButtonBar minDate={minDate} className="date-time-field" />
      </Suspense>
      {error ? <small className="p-error">{error}</small> : null}
    </div>
  );
}
