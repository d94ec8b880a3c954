import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { screens, pathsOf } from '../screens/registry';
import type { ScreenDef } from '../screens/types';
import { PublicOnly, RequireAuth, RequirePlan, RequireRole } from './guards';
import { PageLoader } from '../components/PageLoader';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { usePlugins, usePluginsLoaded } from '../remotes/registry';
import { useSessionState } from '../session/store';
import { isAdmin } from '../session/permissions';
import { cshowAllows } from '../session/cshow';

const Layout = lazy(() => import('../layout/Layout'));
// With the remote loader and the SDK it hands to remotes: downloaded after sign-in, not by the login page.
// The error panel (PrimeReact's Message and its icons) only when a screen fails or a path is unknown.
const ScreenError = lazy(() => import('../components/ScreenError').then((m) => ({ default: m.ScreenError })));
const RemoteRoute = lazy(() => import('../remotes/RemoteRoute').then((m) => ({ default: m.RemoteRoute })));
const lazies = new Map<ScreenDef, LazyExoticComponent<ComponentType>>();
const lazyOf = (screen: ScreenDef) => {
  let c = lazies.get(screen);
  if (!c) lazies.set(screen, (c = lazy(screen.load)));
  return c;
};

function ScreenElement({ screen }: { screen: ScreenDef }) {
  const Component = lazyOf(screen);
  return (
    <ErrorBoundary fallback={(error, reset) => <Suspense fallback={<PageLoader />}><ScreenError error={error} onRetry={reset} /></Suspense>}>
      <Suspense fallback={<PageLoader />}><Component /></Suspense>
    </ErrorBoundary>
  );
}

/** / is the dashboard for admins; everyone else lands on /tickets. */
function Home() {
  const { user } = useSessionState();
  const dashboard = screens.find((s) => pathsOf(s).includes('/'));
  if (!isAdmin(user) || !dashboard) return <Navigate to="/tickets" replace />;
  return <ScreenElement screen={dashboard} />;
}

export function AppRoutes() {
  const plugins = usePlugins();
  const publicScreens = screens.filter((s) => s.access === 'public');
  const privateScreens = screens.filter((s) => s.access !== 'public' && !pathsOf(s).includes('/'));
  // Campaign and flow-builder routes exist only with the `cshow` flag (session/cshow.ts).
  const remoteRoutes = useMemo(() => plugins.flatMap((p) => p.remote!.routes.filter((r) => cshowAllows(r.path)).map((r) => ({ plugin: p, route: r }))), [plugins]);

  return (
    <Routes>
      {publicScreens.flatMap((s) => pathsOf(s).map((path) => (
        <Route key={path} path={path} element={<PublicOnly><ScreenElement screen={s} /></PublicOnly>} />
      )))}
      <Route element={<RequireAuth><Suspense fallback={<PageLoader />}><Layout /></Suspense></RequireAuth>}>
        <Route index element={<Home />} />
        {privateScreens.flatMap((s) => pathsOf(s).map((path) => (
          <Route key={path} path={path} element={
            <RequireRole role={s.role}><RequirePlan flag={s.planFlag}><ScreenElement screen={s} /></RequirePlan></RequireRole>
          } />
        )))}
        {remoteRoutes.map(({ plugin, route }) => (
          <Route key={`${plugin.id}${route.path}`} path={route.path} element={
            <RequireRole role={route.role}>
              <Suspense fallback={<PageLoader />}><RemoteRoute remote={plugin.remote!.name} path={route.path} title={plugin.title} /></Suspense>
            </RequireRole>
          } />
        ))}
        <Route path="*" element={<NotFoundOrLoading />} />
      </Route>
    </Routes>
  );
}

/** An unknown path is "not found" only once the plugins' routes are known (a remote route may be on its way). */
function NotFoundOrLoading() {
  const loaded = usePluginsLoaded();
  return loaded ? <Suspense fallback={<PageLoader />}><ScreenError notFound /></Suspense> : <PageLoader />;
}
