/**
 * What the console shares as `react-i18next` (vite/shared.ts): the hook, the provider and the
 * i18next plugin, without `<Trans>` (~4 kB brotli on the login page with its HTML parser; nothing in the
 * console or the remotes uses it). `react-i18next/full` is the package's own ESM entry (resolved by
 * vite/shared.ts `hostProvidedLibraries`), so this module does not resolve to itself through the share.
 * A remote needing another export adds it here.
 */
export {
  useTranslation, withTranslation, Translation, I18nextProvider, I18nContext, initReactI18next, getI18n, setI18n,
} from 'react-i18next/full';
