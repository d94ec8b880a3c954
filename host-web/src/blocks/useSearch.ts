import { useState } from 'react';
import { useDebounce } from '../hooks/useDebounce';

/** A list page's search box: what is typed (`value`) and what to ask the API for (`param`, 500 ms after typing stops). */
export function useSearch(delayMs = 500) {
  const [value, setValue] = useState('');
  const param = useDebounce(value, delayMs);
  return { value, onChange: setValue, param };
}
