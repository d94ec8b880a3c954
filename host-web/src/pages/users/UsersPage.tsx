import { useTranslation } from 'react-i18next';
import './i18n';
import { ListPage, useListPage } from '../../blocks';
import { UserDialog, type UserRow } from './UserDialog';

/** Users: search (500 ms), infinite scroll, add / edit / delete, live from company-{id}-user. */
export default function UsersPage() {
  const { t } = useTranslation();
  const { list, dialog, props } = useListPage<UserRow>({
    path: '/users', key: 'users', live: 'user', search: t('users.search'),
    remove: { path: (u) => `/users/${u.id}`, message: t('users.deleteConfirm'), doneMessage: t('users.deleted') },
  });
  return (
    <ListPage<UserRow> testId="users" title={t('users.title')} addLabel={t('users.add')} {...props}
      columns={[
        { header: t('users.id'), body: (u) => u.id },
        { header: t('users.name'), body: (u) => u.name },
        { header: t('users.email'), body: (u) => u.email },
        { header: t('users.profile'), body: (u) => t(u.profile === 'admin' ? 'users.admin' : 'users.user') },
      ]}>
      <UserDialog user={dialog.editing} visible={dialog.visible} onHide={dialog.hide} onSaved={list.upsertItem} />
    </ListPage>
  );
}
