import { useState, type InputHTMLAttributes } from 'react';
import { LightInput } from './LightInput';

/**
 * A password field with PrimeReact Password's look and its show/hide eye (`toggleMask`), without its
 * strength panel and overlay code (~9 kB brotli) nor InputText's: the login page's field. Forms that show the strength
 * meter use PrimeReact's Password.
 */
export function PasswordInput({ inputId, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & { inputId: string }) {
  const [shown, setShown] = useState(false);
  const filled = Boolean(input.value);
  return (
    <div className={`p-password p-component p-inputwrapper p-input-icon-right${filled ? ' p-inputwrapper-filled' : ''}`}>
      <LightInput {...input} id={inputId} type={shown ? 'text' : 'password'} className="p-password-input" />
      <i className={`pi ${shown ? 'pi-eye-slash' : 'pi-eye'} password-toggle`} onClick={() => setShown((s) => !s)} aria-hidden="true" />
    </div>
  );
}
