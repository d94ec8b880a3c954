import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { api } from '../api/client';
import { LANGUAGES } from '../i18n';
import { useSessionState } from '../session/store';

/** PrimeReact's Dropdown of the languages (loaded by LanguageSwitcher); `openOnMount` shows its list at once. */
export default function LanguageDropdown({ openOnMount }: { openOnMount: boolean }) {
  const { t, i18n } = useTranslation();
  const { user } = useSessionState();
  const ref = useRef<Dropdown>(null);
  useEffect(() => {
    if (!openOnMount) return;
    // After the click that asked for it has finished: the overlay would take that click for one outside it.
    const timer = setTimeout(() => { ref.current?.focus(); ref.current?.show(); });
    return () => clearTimeout(timer);
  }, [openOnMount]);
  const change = async (lng: string) => {
    await i18n.changeLanguage(lng);
    if (user) api.post(`/users/set-language/${lng}`).catch(() => { /* the local choice stands */ });
  };
  return (
    <Dropdown
      ref={ref}
      value={i18n.resolvedLanguage ?? i18n.language}
      options={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
      onChange={(e) => void change(e.value)}
      aria-label={t('topbar.language')}
      className="language-switcher"
      data-testid="language-switcher"
    />
  );
}
