import type { CSSProperties } from 'react';

/** Inline styles on the PrimeReact theme's CSS variables (the console ships no utility CSS). */
export const styles = {
  page: { padding: '1rem', display: 'flex', flexDirection: 'column', gap: '1rem' },
  toolbar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '1rem', flexWrap: 'wrap' },
  actions: { display: 'flex', alignItems: 'center', gap: '0.5rem', flexWrap: 'wrap' },
  hint: { color: 'var(--text-color-secondary)', fontSize: '0.875rem' },
  board: { display: 'flex', gap: '1rem', overflowX: 'auto', alignItems: 'flex-start', paddingBottom: '0.5rem' },
  lane: { display: 'flex', flexDirection: 'column', flex: '0 0 280px', width: 280, borderRadius: 8, padding: '0.5rem', background: 'var(--surface-ground)', border: '1px solid var(--surface-border)' },
  laneHeader: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '0.5rem 0.75rem', marginBottom: '0.5rem', borderRadius: 6, color: '#fff', fontWeight: 700 },
  laneBody: { minHeight: 120, maxHeight: 'calc(100vh - 260px)', overflowY: 'auto' },
  empty: { color: 'var(--text-color-secondary)', fontSize: '0.875rem', textAlign: 'center' },
  card: { background: 'var(--surface-card)', border: '1px solid var(--surface-border)', borderRadius: 6, padding: '0.5rem 0.75rem', marginBottom: '0.5rem', cursor: 'grab', boxShadow: '0 1px 2px rgba(0,0,0,0.06)' },
  cardTop: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '0.5rem' },
  ellipsis: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  time: { color: 'var(--text-color-secondary)', fontSize: '0.75rem', flexShrink: 0 },
  message: { color: 'var(--text-color-secondary)', fontSize: '0.875rem', margin: '0.25rem 0' },
  error: { color: 'var(--red-500, #d32f2f)' },
} satisfies Record<string, CSSProperties>;
