import { useEffect, useState } from 'react';

/** The value after it stopped changing for `ms` (search boxes: 500 ms). */
export function useDebounce<T>(value: T, ms = 500): T {
  const [v, setV] = useState(value);
  useEffect(() => { const id = setTimeout(() => setV(value), ms); return () => clearTimeout(id); }, [value, ms]);
  return v;
}
