import { createRoot } from 'react-dom/client';
import 'primeicons/primeicons.css';
import './styles/prime-lookalikes.css';
import './styles/app.css';
import { i18nReady } from './i18n';
import { applyTheme, initialTheme } from './theme/theme';
import { loadBranding } from './theme/branding';
import { restoreSession } from './session/auth';
import { App } from './App';

applyTheme(initialTheme());
void restoreSession();
// The first screen renders with its strings and the operator's brand (both come beside the session check).
await Promise.all([i18nReady, loadBranding()]);
createRoot(document.getElementById('root')!).render(<App />);
