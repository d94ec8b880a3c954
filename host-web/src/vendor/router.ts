/**
 * What the console shares as `react-router-dom` (vite/shared.ts): the component router's exports,
 * named one by one so the bundle keeps only them. React Router 7 as a whole is ~200 kB minified (data
 * routers, SSR, forms), and a shared module is never tree-shaken, so sharing the package itself put all
 * of it in the login page's download. react-router-dom 7 re-exports react-router; importing the latter
 * here keeps this module from resolving to itself through the share.
 * A remote (or a console page) needing another router export adds it here.
 */
export {
  BrowserRouter, Routes, Route, Navigate, Outlet, Link, NavLink,
  useNavigate, useParams, useLocation, useSearchParams, useMatch, useHref, useOutletContext,
  useResolvedPath, useRoutes, useInRouterContext, useNavigationType, generatePath, matchPath, matchRoutes, createSearchParams,
} from 'react-router';
