import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { setToastTarget } from './toast';

/** PrimeReact's Toast, registered as the target of `toast.*` while mounted (loaded by ToastHost). */
export default function ToastArea() {
  const ref = useRef<Toast>(null);
  useEffect(() => {
    setToastTarget(ref.current);
    return () => setToastTarget(null);
  }, []);
  return <Toast ref={ref} position="top-right" />;
}
