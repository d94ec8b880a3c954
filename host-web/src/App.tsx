import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes/AppRoutes';
import { ToastHost } from './toast/ToastHost';

/**
 * PrimeReact's provider is in the signed-in layout (layout/Layout.tsx), not here: the login page uses none of
 * PrimeReact's components and so does not download its shared core (docs/decisions.md).
 */
export function App() {
  return (
    <BrowserRouter>
      <ToastHost />
      <AppRoutes />
    </BrowserRouter>
  );
}
