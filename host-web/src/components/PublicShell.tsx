import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../layout/LanguageSwitcher';
import { BrandMark } from './BrandMark';

/**
 * The frame of the public screens (login, sign-up, reset, renewal): a centred card under the operator's brand
 * (logo or name, login background) and the language switcher.
 * `wide` for a table (the renewal page's invoices), which a form-sized card cut off.
 */
export function PublicShell({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className="auth-page">
      <div className="auth-toolbar"><LanguageSwitcher /></div>
      {/* PrimeReact Card's markup (the theme styles it), without its module on the login page. */}
      <div className={`p-card p-component auth-card${wide ? ' wide' : ''}`}>
        <div className="p-card-body">
          <div className="p-card-title">{title}</div>
          <div className="p-card-content">
            <div className="logo"><BrandMark /></div>
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}
