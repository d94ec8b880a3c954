import { createRoot } from 'react-dom/client';
import 'primeicons/primeicons.css';
import './styles/app.css';
import { i18nReady } from './i18n';
import { applyTheme, initialTheme } from './theme/theme';
import { restoreSession } from './session/auth';
import { App } from './App';

applyTheme(initialTheme());
void restoreSession();
// The first screen renders with its strings (the language's chunk comes beside the session check).
await i18nReady;
createRoot(document.getElementById('root')!).render(<App />);
