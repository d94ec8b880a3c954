import type { ReactNode } from 'react';
import { Card } from 'primereact/card';
import { LanguageSwitcher } from '../layout/LanguageSwitcher';

/** The frame of the public screens (login, sign-up, reset): a centred card and the language switcher. */
export function PublicShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="auth-toolbar"><LanguageSwitcher /></div>
      <Card className="auth-card" title={title}>
        <div className="logo">Atrium</div>
        {children}
      </Card>
    </div>
  );
}
