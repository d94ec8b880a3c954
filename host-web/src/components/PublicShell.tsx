import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../layout/LanguageSwitcher';

/** The frame of the public screens (login, sign-up, reset): a centred card and the language switcher. */
export function PublicShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="auth-toolbar"><LanguageSwitcher /></div>
      {/* PrimeReact Card's markup (the theme styles it), without its module on the login page. */}
      <div className="p-card p-component auth-card">
        <div className="p-card-body">
          <div className="p-card-title">{title}</div>
          <div className="p-card-content">
            <div className="logo">Atrium</div>
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}
