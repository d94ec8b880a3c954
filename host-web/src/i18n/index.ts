import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export type TranslationBundle = Partial<Record<Language, Record<string, unknown>>>;

const STORAGE_KEY = 'i18nextLng';

/** The stored choice, else en (core.md §1). */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'en';
}

/** The console's strings per language, each in a chunk of its own: a page downloads only the language it shows. */
const LOCALES: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  pt: () => import('./locales/pt'),
  en: () => import('./locales/en'),
  es: () => import('./locales/es'),
};
const loading = new Map<Language, Promise<void>>();

/**
 * Downloads a language's strings once and merges them under any a remote or a screen already added.
 * The three locales hold the same keys, so the fallback language (pt) is needed only as a language.
 */
export function loadLanguage(lng: string | undefined): Promise<void> {
  if (!(LANGUAGES as readonly string[]).includes(lng ?? '')) return Promise.resolve();
  const language = lng as Language;
  let pending = loading.get(language);
  if (!pending) {
    pending = LOCALES[language]().then((m) => { i18n.addResourceBundle(language, 'translation', m.default, true, false); });
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

// Every language change (the switcher, a remote through the SDK) waits for that language's strings.
const changeLanguage = i18n.changeLanguage.bind(i18n);
i18n.changeLanguage = async (lng, callback) => {
  await loadLanguage(lng);
  return changeLanguage(lng, callback);
};

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
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

/** Resolves once the first language's strings are in: main.tsx renders after it. */
export const i18nReady = loadLanguage(initialLanguage());

/** Merges a screen's or a remote's own strings into the shared namespace (deep, overwriting). */
export function addTranslations(bundle: TranslationBundle | undefined) {
  if (!bundle) return;
  for (const lng of LANGUAGES) {
    const resources = bundle[lng];
    if (resources) i18n.addResourceBundle(lng, 'translation', resources, true, true);
  }
}

export default i18n;
