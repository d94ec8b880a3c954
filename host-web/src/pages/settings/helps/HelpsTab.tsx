import { useTranslation } from 'react-i18next';
import './i18n';
import { toast } from '../../../toast/toast';
import { ListPage, useListPage } from '../../../blocks';
import { failToast } from '../adminToasts';
import type { AdminHelp } from '../types';
import { HelpDialog } from './HelpDialog';

/** Help entries (super user): title, video code, description; add, edit, delete. */
export function HelpsTab() {
  const { t } = useTranslation();
  const { list, dialog, props } = useListPage<AdminHelp>({
    path: '/helps', key: 'helps', search: false, onError: () => toast.error(t('settings.helps.toasts.errorList')),
    remove: { path: (h) => `/helps/${h.id}`, message: (h) => t('settings.helps.deleteConfirm', { title: h.title }), doneMessage: t('settings.helps.deleted'), onError: (err) => failToast(err, 'settings.helps.toasts.errorOperation') },
  });
  return (
    <ListPage<AdminHelp>
      testId="helps" layout="tab" scrollClassName="settings-admin-list" addLabel={t('settings.helps.add')} {...props}
      columns={[
        { header: t('settings.helps.fields.title'), body: (h) => h.title },
        { header: t('settings.helps.fields.video'), body: (h) => h.video },
        { header: t('settings.helps.fields.description'), body: (h) => h.description, className: 'help-description' },
      ]}
    >
      <HelpDialog help={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
    </ListPage>
  );
}
