import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import type { HostSdk } from '@atrium/host-web/sdk';
import type { Article, ArticlePage } from '../../../plugins/copilot/src/types';

type Draft = { id?: number; title: string; body: string; tags: string; language: string; status: 'published' | 'draft' };
const EMPTY: Draft = { title: '', body: '', tags: '', language: '', status: 'published' };

/** /copilot/articles: the knowledge base — search, pages by cursor, edit in place, import quick replies or a file. */
export function ArticlesPage({ sdk }: { sdk: HostSdk }) {
  const { t } = sdk.useTranslation();
  const admin = sdk.hasPermission('drawer-admin-items:view');
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<Article[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const file = useRef<HTMLInputElement>(null);

  const load = useCallback(async (cursor: string | null) => {
    try {
      const page = await sdk.api.get<ArticlePage>('/copilot/articles', { search: search || undefined, cursor: cursor ?? undefined });
      setRows((old) => (cursor ? [...old, ...page.articles] : page.articles));
      setNext(page.nextCursor);
    } catch (err) { sdk.toast.error(err); }
  }, [sdk, search]);
  useEffect(() => { const timer = setTimeout(() => void load(null), 300); return () => clearTimeout(timer); }, [load]);

  const save = async () => {
    if (!draft) return;
    const body = { title: draft.title, body: draft.body, tags: draft.tags.split(',').map((x) => x.trim()).filter(Boolean), language: draft.language, status: draft.status };
    try {
      if (draft.id) await sdk.api.put(`/copilot/articles/${draft.id}`, body);
      else await sdk.api.post('/copilot/articles', body);
      setDraft(null);
      await load(null);
    } catch (err) { sdk.toast.error(err); }
  };
  const remove = (a: Article) => sdk.ui.confirmDelete(`/copilot/articles/${a.id}`, {
    message: t('copilot.deleteConfirm', { title: a.title }), doneMessage: t('copilot.delete'), onDone: () => void load(null),
  });
  const importQuick = async () => {
    try {
      const r = await sdk.api.post<{ imported: number; skipped: number }>('/copilot/articles/import/quick-replies');
      sdk.toast.success(t('copilot.imported', r));
      await load(null);
    } catch (err) { sdk.toast.error(err); }
  };
  const importFile = async (f: File | undefined) => {
    if (!f) return;
    const form = new FormData();
    form.append('file', f);
    try { await sdk.api.upload('/copilot/articles/import/file', form); await load(null); } catch (err) { sdk.toast.error(err); }
  };
  const field = { display: 'flex', flexDirection: 'column' as const, gap: '0.2rem', marginBottom: '0.5rem' };

  return (
    <div className="p-3" data-testid="copilot-articles">
      <h2>{t('copilot.articles')}</h2>
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', marginBottom: '0.75rem' }}>
        <input className="p-inputtext" placeholder={t('copilot.search')} value={search} onChange={(e) => setSearch(e.target.value)} data-testid="copilot-search" />
        {admin && <Button label={t('copilot.add')} icon="pi pi-plus" onClick={() => setDraft({ ...EMPTY })} data-testid="copilot-add" />}
        {admin && <Button label={t('copilot.importQuick')} outlined icon="pi pi-download" onClick={() => void importQuick()} />}
        {admin && <Button label={t('copilot.importFile')} outlined icon="pi pi-upload" onClick={() => file.current?.click()} />}
        <input ref={file} type="file" accept=".txt,.md,.markdown,text/plain,text/markdown" hidden onChange={(e) => { void importFile(e.target.files?.[0]); e.target.value = ''; }} />
      </div>
      {draft && (
        <div className="p-card p-3" style={{ marginBottom: '1rem', maxWidth: 720 }} data-testid="copilot-article-form">
          <h3>{draft.id ? t('copilot.edit') : t('copilot.add')}</h3>
          <label style={field}>{t('copilot.articleTitle')}<input className="p-inputtext" value={draft.title} maxLength={200} onChange={(e) => setDraft({ ...draft, title: e.target.value })} data-testid="copilot-article-title" /></label>
          <label style={field}>{t('copilot.body')}<textarea className="p-inputtextarea p-inputtext" rows={8} value={draft.body} onChange={(e) => setDraft({ ...draft, body: e.target.value })} data-testid="copilot-article-body" /></label>
          <label style={field}>{t('copilot.tags')}<input className="p-inputtext" value={draft.tags} onChange={(e) => setDraft({ ...draft, tags: e.target.value })} /></label>
          <label style={field}>{t('copilot.language')}<input className="p-inputtext" value={draft.language} maxLength={5} placeholder="pt" onChange={(e) => setDraft({ ...draft, language: e.target.value })} /></label>
          <label style={field}>{t('copilot.status')}
            <select className="p-inputtext" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as Draft['status'] })}>
              <option value="published">{t('copilot.published')}</option><option value="draft">{t('copilot.draft')}</option>
            </select>
          </label>
          <div style={{ display: 'flex', gap: '0.5rem' }}>
            <Button label={t('copilot.save')} icon="pi pi-check" onClick={() => void save()} data-testid="copilot-article-save" />
            <Button label={t('copilot.cancel')} text onClick={() => setDraft(null)} />
          </div>
        </div>
      )}
      {rows.length === 0 && <p>{t('copilot.empty')}</p>}
      <ul style={{ listStyle: 'none', padding: 0 }}>
        {rows.map((a) => (
          <li key={a.id} id={`article-${a.id}`} data-testid="copilot-article" style={{ borderBottom: '1px solid var(--surface-border)', padding: '0.5rem 0' }}>
            <strong>{a.title}</strong> <small>({t(`copilot.${a.status}`)}{a.language ? ` · ${a.language}` : ''}{a.tags.length ? ` · ${a.tags.join(', ')}` : ''})</small>
            <div style={{ whiteSpace: 'pre-wrap', maxHeight: '6em', overflow: 'hidden' }}>{a.body}</div>
            {admin && (
              <div>
                <Button text size="small" icon="pi pi-pencil" label={t('copilot.edit')} onClick={() => setDraft({ id: a.id, title: a.title, body: a.body, tags: a.tags.join(', '), language: a.language, status: a.status })} />
                <Button text size="small" severity="danger" icon="pi pi-trash" label={t('copilot.delete')} onClick={() => remove(a)} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {next && <Button text label={t('copilot.loadMore')} onClick={() => void load(next)} />}
    </div>
  );
}
