import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

const loadDropdown = () => import('./LanguageDropdown');
const LanguageDropdown = lazy(loadDropdown);

/**
 * Switches the console language; a signed-in user's choice is also saved on the server.
 * Until it is opened it is a look-alike of PrimeReact's Dropdown: the real one (with its virtual
 * scroller, ~16 kB brotli) is not part of the login page's download. Pointing at it or focusing it
 * fetches the real one; a click (or Enter) swaps it in, open. The swap waits for the click: a node
 * replaced between mousedown and mouseup would lose the click.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const prefetch = () => { void loadDropdown(); };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') { e.preventDefault(); setOpened(true); }
  };
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const lookAlike = (
    <div
      className="p-dropdown p-component p-inputwrapper p-inputwrapper-filled language-switcher"
      data-testid="language-switcher"
      role="combobox"
      tabIndex={0}
      aria-label={t('topbar.language')}
      aria-haspopup="listbox"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setOpened(true)}
      onKeyDown={onKeyDown}
    >
      <span className="p-dropdown-label p-inputtext">{t(`languages.${lng}`)}</span>
      <div className="p-dropdown-trigger" aria-hidden="true"><span className="p-dropdown-trigger-icon pi pi-chevron-down" /></div>
    </div>
  );
  if (!opened) return lookAlike;
  return <Suspense fallback={lookAlike}><LanguageDropdown openOnMount /></Suspense>;
}
