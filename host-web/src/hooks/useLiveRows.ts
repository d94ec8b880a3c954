import type { Dispatch, SetStateAction } from 'react';
import { useSession } from '../session/useSession';
import { useSocketEvent, companyEvent } from '../socket/useSocketEvent';
import { upsert } from '../data/connections';

type Payload = Record<string, unknown> & { action?: string };

/**
 * Keeps a list live from an entity's socket event: create/update upsert the row, delete removes it,
 * reload asks for page 1 again. The event is company-{id}-{name} unless `event` names it in full
 * (company-announcement). The row is read from the first payload[key] present (then `record`), the deleted id
 * from `${key}Id` (then `id`); `key` defaults to the name. A null name listens to nothing.
 */
export function useLiveRows<T extends { id: number }>(
  name: string | null,
  setItems: Dispatch<SetStateAction<T[]>>,
  options: { key?: string | string[]; event?: string; onReload?: () => void; accept?: (row: T) => boolean } = {},
) {
  const { companyId } = useSession();
  const keys = [options.key ?? name ?? ''].flat();
  useSocketEvent(name === null ? null : options.event ?? companyEvent(companyId, name), (data: Payload) => {
    if (!data || typeof data !== 'object') return;
    const row = ([...keys, 'record'].map((k) => data[k]).find((v) => v && typeof v === 'object')) as T | undefined;
    if ((data.action === 'create' || data.action === 'update') && row && typeof row === 'object') {
      if (options.accept && !options.accept(row)) setItems((list) => list.filter((x) => x.id !== row.id));
      else setItems((list) => upsert(list, row));
    } else if (data.action === 'delete') {
      const id = Number([...keys.map((k) => `${k}Id`), 'id'].map((k) => data[k]).find((v) => v !== undefined && v !== null) ?? row?.id);
      setItems((list) => list.filter((x) => x.id !== id));
    } else if (data.action === 'reload') {
      options.onReload?.();
    }
  });
}
