import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { setToastTarget } from './toast';

/** The single toast area; `toast.*` anywhere shows in it. */
export function ToastHost() {
  const ref = useRef<Toast>(null);
  useEffect(() => {
    setToastTarget(ref.current);
    return () => setToastTarget(null);
  }, []);
  return <Toast ref={ref} position="top-right" />;
}
