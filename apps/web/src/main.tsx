import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { applyLanguage } from './lib/i18n/i18n';
import { initialLanguage } from './lib/i18n/languages';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();

function render(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// A page in Hindi or Bengali waits for its texts (one small chunk) rather than flashing English;
// if they cannot be fetched, it opens in English.
const language = initialLanguage();
if (language === 'en') render(container);
else void applyLanguage(language).finally(() => render(container));
