import { createRoot } from 'react-dom/client';
import 'primeicons/primeicons.css';
import './styles/app.css';
import './i18n';
import { applyTheme, initialTheme } from './theme/theme';
import { restoreSession } from './session/auth';
import { App } from './App';

applyTheme(initialTheme());
void restoreSession();
createRoot(document.getElementById('root')!).render(<App />);
