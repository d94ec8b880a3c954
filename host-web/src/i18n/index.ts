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
 * The texts of the server's error codes, a chunk per language apart from the rest: the login page renders
 * without them (they are most of a locale's bytes) and they come with the first error toast or at sign-in.
 */
const ERROR_TEXTS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  pt: () => import('./locales/errors/pt'),
  en: () => import('./locales/errors/en'),
  es: () => import('./locales/errors/es'),
};
const loadingErrors = new Map<Language, Promise<void>>();
/** Once error texts were asked for, a language change brings its own along. */
let errorTextsWanted = false;

function loadOnce(cache: Map<Language, Promise<void>>, load: () => Promise<{ default: Record<string, unknown> }>, language: Language) {
  let pending = cache.get(language);
  if (!pending) {
    pending = load().then((m) => { i18n.addResourceBundle(language, 'translation', m.default, true, false); });
    pending.catch(() => cache.delete(language));
    cache.set(language, pending);
  }
  return pending;
}

const isLanguage = (lng: string | undefined): lng is Language => (LANGUAGES as readonly string[]).includes(lng ?? '');

/**
 * Downloads a language's strings once and merges them under any a remote or a screen already added.
 * The three locales hold the same keys, so the fallback language (pt) is needed only as a language.
 */
export function loadLanguage(lng: string | undefined): Promise<void> {
  if (!isLanguage(lng)) return Promise.resolve();
  const strings = loadOnce(loading, LOCALES[lng], lng);
  return errorTextsWanted ? Promise.all([strings, loadErrorTexts(lng)]).then(() => undefined) : strings;
}

/** The error catalogue's texts in `lng` (the shown language by default); the toast awaits it before an error shows. */
export function loadErrorTexts(lng: string | undefined = i18n.language): Promise<void> {
  if (!isLanguage(lng)) return Promise.resolve();
  errorTextsWanted = true;
  return loadOnce(loadingErrors, ERROR_TEXTS[lng], lng);
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
