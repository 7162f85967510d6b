import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchFirstScreen } from './app/prefetch-first-screen';
import { createQueryClient } from './app/provider';
import { listenForInstallPrompt } from './features/install/install-prompt';
import { registerServiceWorker } from './features/install/service-worker';
import { configureApiClient } from './lib/api-client';
import { watchFirstScreen } from './lib/first-screen';
import { i18next, initI18n } from './lib/i18n';
import { useLanguageStore } from './stores/language-store';
import './styles/global.css';

// The browser's install offer can fire before the first screen: kept for the install page.
listenForInstallPrompt();
// Home's first screen from the HTML, if the server sent one, goes at the visitor's first input.
watchFirstScreen();

async function start(): Promise<void> {
  // The client's own failure text follows the interface language (read when a call fails).
  configureApiClient({
    getLanguage: () => useLanguageStore.getState().language,
    getNetworkErrorMessage: () => i18next.t('errors.network'),
  });
  // The first screen's calls go out while the language chunk loads, not after the first render.
  const queryClient = createQueryClient();
  prefetchFirstScreen(queryClient, useLanguageStore.getState().language, window.location.pathname, window.location.search);
  await initI18n();
  const root = document.getElementById('root');
  if (!root) return;
  // A transition: the first render is done in slices that yield to the browser, not one long task.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
  registerServiceWorker();
}

void start();
