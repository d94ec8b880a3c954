import { useEffect, useMemo, useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import type { SlotProps } from '@atrium/host-web/sdk';
import { kanbanApi } from '../api';
import { useSdk } from '../sdk-context';
import type { LaneTag } from '../types';

const OPEN = 0;

/** `ticketHeader.actions`: moves the open ticket to a kanban lane without leaving the chat (same calls as a drag). */
export function LanePicker({ ticket }: SlotProps['ticketHeader.actions']) {
  const sdk = useSdk();
  const { t } = sdk.useTranslation();
  const api = useMemo(() => kanbanApi(sdk.api), [sdk]);
  const [lanes, setLanes] = useState<LaneTag[] | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => { api.lanes().then(setLanes, () => setLanes([])); }, [api]);
  useEffect(() => setPicked(null), [ticket.id]);
  if (!lanes?.length || ticket.status === 'closed') return null;

  const options = [{ value: OPEN, label: t('kanban.openLane') }, ...lanes.map((lane) => ({ value: lane.id, label: lane.name }))];
  const move = async (value: number) => {
    setBusy(true);
    try {
      await api.move(ticket.id, value === OPEN ? null : value);
      setPicked(value);
      sdk.toast.success(t('kanban.moved', { lane: options.find((o) => o.value === value)!.label }));
    } catch (err) { sdk.toast.error(err); }
    finally { setBusy(false); }
  };
  return (
    <Dropdown
      value={picked} options={options} placeholder={t('kanban.slot.moveTo')} disabled={busy}
      onChange={(e) => void move(e.value as number)} className="p-inputtext-sm" style={{ minWidth: '10rem' }}
      aria-label={t('kanban.slot.moveTo')} data-testid="kanban-lane-picker"
    />
  );
}
