import { useState } from 'react';
import { AutoComplete } from 'primereact/autocomplete';
import { api } from '../../api/client';
import { toast } from '../../toast/toast';
import type { ScheduleContact } from './types';

/** A contact chosen by search: suggestions from the third character on (500 ms after typing stops). */
export function ContactPicker({ id, value, onChange, onBlur, placeholder, disabled }: {
  id?: string; value: ScheduleContact | null; onChange: (c: ScheduleContact | null) => void; onBlur?: () => void; placeholder?: string; disabled?: boolean;
}) {
  const [text, setText] = useState<ScheduleContact | string | null>(value);
  const [suggestions, setSuggestions] = useState<ScheduleContact[]>([]);
  const [shown, setShown] = useState(value);
  // A contact given from outside (prefill) replaces the text; clearing it keeps what is being typed.
  if (shown !== value) { setShown(value); if (value) setText(value); }
  const search = async (q: string) => {
    if (q.trim().length < 3) { setSuggestions([]); return; }
    try { setSuggestions(((await api.get<{ contacts: ScheduleContact[] }>('/contacts', { searchParam: q.trim(), pageNumber: 1 })).contacts) ?? []); }
    catch (err) { toast.error(err); }
  };
  return (
    <AutoComplete inputId={id} value={text ?? ''} suggestions={suggestions} field="name" minLength={3} delay={500} placeholder={placeholder} disabled={disabled} forceSelection
      itemTemplate={(c: ScheduleContact) => `${c.name} (${c.number})`} completeMethod={(e) => void search(e.query)} onBlur={onBlur}
      onChange={(e) => { setText(e.value); if ((!e.value || typeof e.value === 'string') && value) onChange(null); }}
      onSelect={(e) => { setText(e.value); onChange(e.value as ScheduleContact); }} data-testid="schedule-contact" />
  );
}
