import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadSignedInPage } from './app/router.tsx';
import { initI18n } from './shared/i18n/i18n.ts';
import { initialLocale } from './shared/i18n/locale-preference.ts';
import { watchSystemTheme } from './shared/theme/theme-store.ts';
// antd's styles, whole and before ours (providers.tsx: zeroRuntime).
import 'antd/dist/antd.css';
import './app/global.css';

async function start() {
  watchSystemTheme();
  const i18nReady = initI18n(initialLocale());
  preloadSignedInPage(window.location.pathname);
  await i18nReady;
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
