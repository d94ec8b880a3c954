import type { ButtonHTMLAttributes } from 'react';

/**
 * A button with PrimeReact Button's look and markup (the theme styles `.p-button`; its layout rules are in
 * styles/prime-lookalikes.css), without its module (tooltip, ripple, badge, the shared PrimeReact core): the login
 * page's buttons. As Button does, `loading` disables it and shows a spinner before the label. Other screens use Button.
 */
export function LightButton({ label, loading = false, disabled = false, className, ...button }: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; loading?: boolean }) {
  const off = disabled || loading;
  const classes = ['p-button p-component', off && 'p-disabled', loading && 'p-button-loading p-button-loading-label-only p-button-loading-left', className];
  return (
    <button {...button} aria-label={label} disabled={off} className={classes.filter(Boolean).join(' ')}>
      {loading && <span className="p-button-icon p-c p-button-icon-left p-button-loading-icon pi pi-spin pi-spinner" />}
      <span className="p-button-label p-c">{label}</span>
    </button>
  );
}
