import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { api } from '../api/client';
import { LANGUAGES } from '../i18n';
import { useSessionState } from '../session/store';

/** Switches the console language; a signed-in user's choice is also saved on the server. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { user } = useSessionState();
  const change = async (lng: string) => {
    await i18n.changeLanguage(lng);
    if (user) api.post(`/users/set-language/${lng}`).catch(() => { /* the local choice stands */ });
  };
  return (
    <Dropdown
      value={i18n.resolvedLanguage ?? i18n.language}
      options={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
      onChange={(e) => void change(e.value)}
      aria-label={t('topbar.language')}
      className="language-switcher"
      data-testid="language-switcher"
    />
  );
}
