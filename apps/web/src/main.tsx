// First: zod's jitless mode must be set before any schema exists (see the module).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyLocale, preferredLocale, setCatalogueLoader } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// English is in the code; another language's catalogue is fetched only when it is the one shown.
setCatalogueLoader(() => import('./app/i18n/es').then((m) => m.catalogue));

function render(): void {
  createRoot(root!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// English renders at once; a chosen (or the browser's) other language first loads its catalogue, so the first
// paint is already in it.
if (preferredLocale() === 'en') {
  void applyLocale('en');
  render();
} else {
  void applyLocale().then(render);
}

// Production builds only, after the load event (decision 0144).
registerServiceWorker();
