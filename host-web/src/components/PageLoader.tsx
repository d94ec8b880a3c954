/**
 * The Suspense fallback of lazily loaded screens: PrimeReact ProgressSpinner's markup (its rules are in
 * styles/prime-lookalikes.css), without its module, so the login page does not download PrimeReact's core for it.
 */
export function PageLoader() {
  return (
    <div className="page-loader" role="status">
      <div className="p-progress-spinner" style={{ width: 40, height: 40 }} role="progressbar" aria-busy>
        <svg className="p-progress-spinner-svg" viewBox="25 25 50 50">
          <circle className="p-progress-spinner-circle" cx="50" cy="50" r="20" fill="none" strokeWidth="4" strokeMiterlimit="10" />
        </svg>
      </div>
    </div>
  );
}
