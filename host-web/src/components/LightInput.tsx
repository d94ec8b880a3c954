import type { InputHTMLAttributes } from 'react';

/**
 * An input with PrimeReact InputText's look (the theme styles `.p-inputtext`; `p-filled` once it holds
 * a value), without its module (key filter, tooltip wiring): the login page's fields. Other forms use
 * InputText.
 */
export function LightInput({ className, ...input }: InputHTMLAttributes<HTMLInputElement>) {
  const filled = input.value !== undefined && input.value !== null && String(input.value) !== '';
  return <input {...input} className={['p-inputtext p-component', filled ? 'p-filled' : '', className ?? ''].filter(Boolean).join(' ')} />;
}
