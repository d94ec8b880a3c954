import { useCallback, useState } from 'react';

/** The add/edit dialog of a list screen: which row is edited (null = a new one) and whether it shows. */
export function useEditDialog<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [visible, setVisible] = useState(false);
  const open = useCallback((row: T | null = null) => { setEditing(row); setVisible(true); }, []);
  const hide = useCallback(() => setVisible(false), []);
  return { editing, visible, open, hide };
}
