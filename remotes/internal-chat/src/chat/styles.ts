import type { CSSProperties } from 'react';

/** Inline styles on the PrimeReact theme's CSS variables (a remote's CSS files are not injected by the host). */
export const styles = {
  page: { height: '100%', display: 'flex', gap: '0.75rem', minHeight: 0 },
  narrowPage: { height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 },
  pane: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
  listPane: { width: '33.333%', minWidth: 280, display: 'flex', flexDirection: 'column', background: 'var(--surface-card)', borderRadius: 6, minHeight: 0 },
  chatPane: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', background: 'var(--surface-card)', borderRadius: 6, minHeight: 0 },
  toolbar: { display: 'flex', gap: '0.4rem', padding: '0.5rem', alignItems: 'center' },
  grow: { flex: 1, minWidth: 0 },
  list: { listStyle: 'none', margin: 0, padding: 0, flex: 1, minHeight: 0, overflowY: 'auto' },
  row: { display: 'flex', gap: '0.5rem', padding: '0.6rem 0.75rem', borderBottom: '1px solid var(--surface-border)', cursor: 'pointer', alignItems: 'center' },
  rowSelected: { background: 'var(--surface-hover)' },
  rowMain: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '0.15rem' },
  ellipsis: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  muted: { color: 'var(--text-color-secondary)', fontSize: '0.85rem' },
  empty: { padding: '1rem', textAlign: 'center', color: 'var(--text-color-secondary)' },
  placeholder: { flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: '1rem', color: 'var(--text-color-secondary)' },
  header: { display: 'flex', alignItems: 'center', gap: '0.5rem', padding: '0.5rem 0.75rem', borderBottom: '1px solid var(--surface-border)' },
  messages: { flex: 1, minHeight: 0, overflowY: 'auto', padding: '0.75rem', display: 'flex', flexDirection: 'column', gap: '0.35rem', background: 'var(--surface-ground)' },
  bubble: { maxWidth: 'min(600px, 85%)', padding: '0.4rem 0.6rem', borderRadius: 8, background: 'var(--surface-card)', alignSelf: 'flex-start', boxShadow: '0 1px 1px rgba(0,0,0,0.08)' },
  mine: { alignSelf: 'flex-end', background: 'var(--highlight-bg)', color: 'var(--highlight-text-color)' },
  sender: { fontSize: '0.75rem', fontWeight: 600, marginBottom: '0.1rem' },
  body: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  time: { fontSize: '0.7rem', color: 'var(--text-color-secondary)', textAlign: 'right', marginTop: '0.15rem' },
  composer: { display: 'flex', gap: '0.5rem', padding: '0.5rem', borderTop: '1px solid var(--surface-border)', alignItems: 'flex-end' },
  field: { display: 'flex', flexDirection: 'column', gap: '0.35rem', marginBottom: '1rem' },
} satisfies Record<string, CSSProperties>;
