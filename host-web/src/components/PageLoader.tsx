import { ProgressSpinner } from 'primereact/progressspinner';

/** The Suspense fallback of lazily loaded screens. */
export function PageLoader() {
  return (
    <div className="page-loader" role="status">
      <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" />
    </div>
  );
}
