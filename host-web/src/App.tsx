import { BrowserRouter } from 'react-router-dom';
import { PrimeReactProvider } from 'primereact/api';
import { AppRoutes } from './routes/AppRoutes';
import { ToastHost } from './toast/ToastHost';

export function App() {
  return (
    <PrimeReactProvider value={{ ripple: false }}>
      <BrowserRouter>
        <ToastHost />
        <AppRoutes />
      </BrowserRouter>
    </PrimeReactProvider>
  );
}
