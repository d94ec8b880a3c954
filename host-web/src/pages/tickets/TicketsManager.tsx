import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabMenu } from 'primereact/tabmenu';
import { MultiSelect } from 'primereact/multiselect';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { api } from '../../api/client';
import { useSession } from '../../session/useSession';
import { hasPermission } from '../../session/permissions';
import { useDebounce } from '../../hooks/useDebounce';
import { TicketsList } from './TicketsList';
import { NewTicketDialog } from './NewTicketDialog';
import type { Ticket } from './types';
import { channelIcon, channelLabel, useProviders } from '../../data/providers';

type Top = 'open' | 'closed' | 'search';
type Sub = 'open' | 'pending';

/** Tabs open (assigned / pending, with counts), closed and search; queue filter; admin show-all; new ticket. */
export function TicketsManager({ selectedUuid, onOpen, onAccept }: { selectedUuid?: string; onOpen: (t: Ticket) => void; onAccept: (t: Ticket) => void }) {
  const { t, i18n } = useTranslation();
  const { user, isAdmin } = useSession();
  const [top, setTop] = useState<Top>('open');
  const [sub, setSub] = useState<Sub>('open');
  // An admin in no queue would see no queued ticket with "All" off (the bell counts them all): on for them by default.
  const [showAll, setShowAll] = useState(() => isAdmin && !user?.queues?.length);
  const [queues, setQueues] = useState<Array<{ id: number; name: string; color: string }>>(user?.queues ?? []);
  const [queueIds, setQueueIds] = useState<number[]>((user?.queues ?? []).map((q) => q.id));
  // The channel filter (issue 44): the install's connection kinds; none chosen is every channel.
  const kinds = useProviders();
  const [channels, setChannels] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const searchParam = useDebounce(search, 500);
  const [tagOptions, setTagOptions] = useState<Array<{ id: number; name: string }>>([]);
  const [tags, setTags] = useState<number[]>([]);
  const [userOptions, setUserOptions] = useState<Array<{ id: number; name: string }>>([]);
  const [users, setUsers] = useState<number[]>([]);
  const [counts, setCounts] = useState({ open: 0, pending: 0 });
  const [newOpen, setNewOpen] = useState(false);

  useEffect(() => {
    if (!isAdmin) return;
    api.get<Array<{ id: number; name: string; color: string }>>('/queue').then((list) => { setQueues(list); setQueueIds(list.map((q) => q.id)); }).catch(() => {});
  }, [isAdmin]);
  useEffect(() => {
    if (top !== 'search') return;
    api.get<Array<{ id: number; name: string }>>('/tags/list').then(setTagOptions).catch(() => {});
    if (isAdmin) api.get<Array<{ id: number; name: string }>>('/users/list').then(setUserOptions).catch(() => {});
  }, [top, isAdmin]);

  const base = useMemo(() => ({ showAll, queueIds, channels }), [showAll, queueIds, channels]);
  const openFilter = useMemo(() => ({ ...base, status: 'open' as const }), [base]);
  const pendingFilter = useMemo(() => ({ ...base, status: 'pending' as const }), [base]);
  const closedFilter = useMemo(() => ({ ...base, status: 'closed' as const }), [base]);
  const searchFilter = useMemo(() => ({ ...base, status: 'search' as const }), [base]);
  const countOpen = useCallback((n: number) => setCounts((c) => ({ ...c, open: n })), []);
  const countPending = useCallback((n: number) => setCounts((c) => ({ ...c, pending: n })), []);

  // With "All" off an admin sees only their queues' tickets: an empty list says where the others are.
  const emptyHint = showAll || !hasPermission(user, 'tickets-manager:showall') ? undefined : t('tickets.emptyShowAll');
  const tops: Top[] = ['open', 'closed', 'search'];
  const subs: Sub[] = ['open', 'pending'];
  return (
    <div className="tickets-manager">
      <TabMenu
        model={tops.map((k) => ({ label: t(`tickets.tabs.${k}`), icon: k === 'open' ? 'pi pi-inbox' : k === 'closed' ? 'pi pi-check-square' : 'pi pi-search', data: { testid: `tab-${k}` } }))}
        activeIndex={tops.indexOf(top)} onTabChange={(e) => setTop(tops[e.index])} data-testid="tickets-tabs"
      />
      <div className="tickets-toolbar">
        {top === 'search' && <InputText value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('tickets.searchPlaceholder')} className="grow" />}
        <Button size="small" icon="pi pi-plus" label={t('tickets.newTicket')} onClick={() => setNewOpen(true)} data-testid="new-ticket" />
        {hasPermission(user, 'tickets-manager:showall') && (
          <label className="switch-label"><InputSwitch checked={showAll} onChange={(e) => setShowAll(!!e.value)} data-testid="show-all" /> {t('tickets.showAll')}</label>
        )}
        <MultiSelect value={queueIds} options={queues} optionLabel="name" optionValue="id" onChange={(e) => setQueueIds(e.value)}
          placeholder={t('tickets.queues')} maxSelectedLabels={1} selectedItemsLabel={t('tickets.queuesSelected')} className="queue-filter" aria-label={t('tickets.queues')} />
        {kinds.length > 1 && (
          <MultiSelect value={channels} options={kinds.map((k) => ({ value: k.kind, label: k.kind === 'beta' ? 'WhatsApp' : channelLabel(kinds, k.kind, i18n.language), icon: channelIcon(kinds, k.kind) }))}
            itemTemplate={(o: { label: string; icon: string }) => <span><i className={o.icon} /> {o.label}</span>}
            onChange={(e) => setChannels(e.value)} placeholder={t('tickets.channels')} maxSelectedLabels={1} selectedItemsLabel={t('tickets.selected')}
            className="channel-filter" aria-label={t('tickets.channels')} data-testid="channel-filter" />
        )}
      </div>
      {top === 'search' && (
        <div className="tickets-toolbar">
          <MultiSelect value={tags} options={tagOptions} optionLabel="name" optionValue="id" onChange={(e) => setTags(e.value)} placeholder={t('tickets.tags')} maxSelectedLabels={2} selectedItemsLabel={t('tickets.selected')} className="grow" />
          {isAdmin && <MultiSelect value={users} options={userOptions} optionLabel="name" optionValue="id" onChange={(e) => setUsers(e.value)} placeholder={t('tickets.users')} maxSelectedLabels={2} selectedItemsLabel={t('tickets.selected')} className="grow" />}
        </div>
      )}
      {top === 'open' && (
        <div className="sub-tabs" role="tablist">
          {subs.map((k) => (
            <button key={k} type="button" role="tab" aria-selected={sub === k} className={sub === k ? 'active' : ''} onClick={() => setSub(k)} data-testid={`subtab-${k}`}>
              {t(k === 'open' ? 'tickets.tabs.assigned' : 'tickets.tabs.pending')} <span className="count" data-testid={`count-${k}`}>{k === 'open' ? counts.open : counts.pending}</span>
            </button>
          ))}
        </div>
      )}
      <TicketsList filter={openFilter} hidden={top !== 'open' || sub !== 'open'} selectedUuid={selectedUuid} onOpen={onOpen} onAccept={onAccept} onCount={countOpen} emptyHint={emptyHint} />
      <TicketsList filter={pendingFilter} hidden={top !== 'open' || sub !== 'pending'} selectedUuid={selectedUuid} onOpen={onOpen} onAccept={onAccept} onCount={countPending} emptyHint={emptyHint} />
      {top === 'closed' && <TicketsList filter={closedFilter} selectedUuid={selectedUuid} onOpen={onOpen} onAccept={onAccept} emptyHint={emptyHint} />}
      {top === 'search' && <TicketsList filter={searchFilter} searchParam={searchParam} tags={tags} users={users} selectedUuid={selectedUuid} onOpen={onOpen} onAccept={onAccept} />}
      <NewTicketDialog visible={newOpen} onHide={() => setNewOpen(false)} onCreated={(ticket) => { setNewOpen(false); onOpen(ticket); }} />
    </div>
  );
}
