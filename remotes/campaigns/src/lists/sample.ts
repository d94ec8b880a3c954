import type { HostSdk } from '@atrium/host-web/sdk';

const LANGS = ['pt', 'en', 'es'];

/** The contact-list sample sheet, its headers in the console's language. */
export function downloadSample(sdk: HostSdk) {
  const lang = (sdk.i18n.language ?? 'pt').slice(0, 2);
  return sdk.api.download('/contact-lists/sample', 'contact-list-sample.xlsx', { lang: LANGS.includes(lang) ? lang : 'pt' }).catch(sdk.toast.error);
}
