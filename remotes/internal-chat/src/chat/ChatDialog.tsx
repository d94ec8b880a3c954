import { useEffect, useMemo, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { Button } from 'primereact/button';
import { chatApi } from '../api';
import { useSdk } from '../sdk-context';
import type { Chat } from '../types';
import { styles } from './styles';

/** New / edit chat (extended spec §2, §5): a title and at least one user of the company besides the caller. */
export function ChatDialog({ chat, onClose, onSaved }: { chat: Chat | null; onClose: () => void; onSaved: (chat: Chat) => void }) {
  const sdk = useSdk();
  const { t } = sdk.useTranslation();
  const { user } = sdk.useSession();
  const api = useMemo(() => chatApi(sdk.api), [sdk]);
  const [title, setTitle] = useState(chat?.title ?? '');
  const [userIds, setUserIds] = useState<number[]>(chat ? chat.users.map((m) => m.userId).filter((id) => id !== chat.ownerId) : []);
  const [people, setPeople] = useState<Array<{ id: number; name: string }>>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api.users().then((all) => setPeople(all.filter((p) => p.id !== (chat?.ownerId ?? user?.id))), () => undefined);
  }, [api, chat?.ownerId, user?.id]);

  const save = async () => {
    if (!title.trim()) { sdk.toast.error(t('internalChat.fillTitle')); return; }
    if (userIds.length === 0) { sdk.toast.error(t('internalChat.fillUser')); return; }
    setSaving(true);
    try {
      onSaved(chat ? await api.update(chat.id, title.trim(), userIds) : await api.create(title.trim(), userIds));
    } catch (err) {
      sdk.toast.error(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog visible onHide={onClose} header={t(chat ? 'internalChat.editChat' : 'internalChat.newChat')} style={{ width: 'min(480px, 95vw)' }}
      footer={(
        <>
          <Button label={t('internalChat.cancel')} text onClick={onClose} />
          <Button label={t('internalChat.save')} icon="pi pi-check" loading={saving} onClick={() => void save()} data-testid="chat-dialog-save" />
        </>
      )}>
      <div style={styles.field}>
        <label htmlFor="chat-title">{t('internalChat.chatTitle')}</label>
        <InputText id="chat-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={255} autoFocus data-testid="chat-dialog-title" />
      </div>
      <div style={styles.field}>
        <label htmlFor="chat-users">{t('internalChat.members')}</label>
        <MultiSelect inputId="chat-users" value={userIds} options={people} optionLabel="name" optionValue="id" filter display="chip"
          onChange={(e) => setUserIds(e.value as number[])} placeholder={t('internalChat.pickMembers')} data-testid="chat-dialog-users" />
      </div>
    </Dialog>
  );
}
