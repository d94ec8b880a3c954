import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import './i18n';
import { formatDate, formatTime } from '../../util/format';
import { useTasks } from './tasks';

const stamp = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

/** To-do list kept in the browser: one input adds (or saves the task being edited); each task can be edited or deleted. */
export default function TodoListPage() {
  const { t } = useTranslation();
  const { tasks, add, edit, remove } = useTasks();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const ok = editing === null ? add(text) : edit(editing, text);
    if (ok) { setText(''); setEditing(null); }
  };
  return (
    <div data-testid="todolist-page" style={{ maxWidth: 720 }}>
      <div className="page-header"><h2>{t('todolist.title')}</h2><span className="muted">{t('todolist.local')}</span></div>
      <form onSubmit={submit} className="row-actions" style={{ flexWrap: 'nowrap', marginBottom: '0.75rem' }}>
        <InputText value={text} onChange={(e) => setText(e.target.value)} placeholder={t('todolist.placeholder')} aria-label={t('todolist.placeholder')} style={{ flex: 1 }} data-testid="todo-input" />
        <Button type="submit" icon={editing === null ? 'pi pi-plus' : 'pi pi-check'} label={t(editing === null ? 'todolist.add' : 'todolist.update')} data-testid="todo-submit" />
        {editing !== null && <Button type="button" text icon="pi pi-times" aria-label={t('todolist.cancelEdit')} onClick={() => { setEditing(null); setText(''); }} />}
      </form>
      {tasks.length === 0 && <p className="muted">{t('todolist.empty')}</p>}
      <ul className="notification-list" style={{ maxWidth: 'none', maxHeight: 'none', background: 'var(--surface-card)', borderRadius: 6 }}>
        {tasks.map((task, i) => (
          <li key={`${task.createdAt}-${i}`} style={{ flexDirection: 'row', alignItems: 'center', background: editing === i ? 'var(--highlight-bg)' : undefined }} data-testid="todo-item">
            <div style={{ flex: 1, minWidth: 0 }}>
              <div style={{ overflowWrap: 'anywhere' }}>{task.text}</div>
              <small className="muted">{t('todolist.created', { date: stamp(task.createdAt) })}{task.updatedAt !== task.createdAt ? ` · ${t('todolist.updated', { date: stamp(task.updatedAt) })}` : ''}</small>
            </div>
            <Button text rounded icon="pi pi-pencil" aria-label={t('common.edit')} onClick={() => { setEditing(i); setText(task.text); }} />
            <Button text rounded severity="danger" icon="pi pi-trash" aria-label={t('common.delete')} onClick={() => { remove(i); if (editing === i) { setEditing(null); setText(''); } }} />
          </li>
        ))}
      </ul>
    </div>
  );
}
