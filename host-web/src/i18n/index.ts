import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import pt from './locales/pt';
import en from './locales/en';
import es from './locales/es';

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export type TranslationBundle = Partial<Record<Language, Record<string, unknown>>>;

const STORAGE_KEY = 'i18nextLng';

/** The stored choice, else en (core.md §1). */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'en';
}

void i18n.use(initReactI18next).init({
  resources: { pt: { translation: pt }, en: { translation: en }, es: { translation: es } },
  lng: initialLanguage(),
  fallbackLng: 'pt',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (lng) => {
  localStorage.setItem(STORAGE_KEY, lng);
  document.documentElement.lang = lng;
});
document.documentElement.lang = i18n.language;

/** Merges a screen's or a remote's own strings into the shared namespace (deep, overwriting). */
export function addTranslations(bundle: TranslationBundle | undefined) {
  if (!bundle) return;
  for (const lng of LANGUAGES) {
    const resources = bundle[lng];
    if (resources) i18n.addResourceBundle(lng, 'translation', resources, true, true);
  }
}

export default i18n;
