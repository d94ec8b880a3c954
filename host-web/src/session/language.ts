import i18n from 'i18next';
import { LANGUAGES } from '../i18n';
import { settingOf } from './permissions';
import type { SessionUser } from './types';

/**
 * The console's language at sign-in (issue 43): the user's own choice (set from the language switcher), else the
 * company's `defaultLanguage` (the family's setting; `pt-BR` is pt), else the browser's stored or default one.
 */
export function languageAtSignIn(user: SessionUser): string | undefined {
  const wanted = (user.language || settingOf(user, 'defaultLanguage') || '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(wanted) ? wanted : undefined;
}

export function applyLanguageAtSignIn(user: SessionUser) {
  const lng = languageAtSignIn(user);
  if (lng && lng !== i18n.language) void i18n.changeLanguage(lng);
}
