import { useTranslation } from 'react-i18next';
import { useNarrow, shortName } from '../hooks/useMediaQuery';
import { formatDate } from '../util/format';
import type { SessionUser } from '../session/types';

/** "Hello <name>"; admins also see the company's due date. */
export function Greeting({ user, admin }: { user: SessionUser; admin: boolean }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const vars = { name: shortName(user.name, narrow), company: shortName(user.company?.name, narrow), date: formatDate(user.company?.dueDate) };
  return (
    <span className="greeting" data-testid="greeting">
      {admin && user.company?.dueDate ? t('topbar.greetingDue', vars) : t('topbar.greeting', vars)}
    </span>
  );
}
