import { useCallback, useState } from 'react';

export interface Task { text: string; createdAt: string; updatedAt: string }

const KEY = 'tasks';

function read(): Task[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((t) => t && typeof t.text === 'string') : [];
  } catch { return []; }
}

/** The browser-local to-do list (localStorage): add, edit, delete; blank text is ignored. */
export function useTasks() {
  const [tasks, setTasks] = useState<Task[]>(read);
  const save = useCallback((next: Task[]) => { setTasks(next); localStorage.setItem(KEY, JSON.stringify(next)); }, []);
  const add = (text: string) => {
    if (!text.trim()) return false;
    const now = new Date().toISOString();
    save([...tasks, { text: text.trim(), createdAt: now, updatedAt: now }]);
    return true;
  };
  const edit = (index: number, text: string) => {
    if (!text.trim()) return false;
    save(tasks.map((t, i) => (i === index ? { ...t, text: text.trim(), updatedAt: new Date().toISOString() } : t)));
    return true;
  };
  const remove = (index: number) => save(tasks.filter((_, i) => i !== index));
  return { tasks, add, edit, remove };
}
