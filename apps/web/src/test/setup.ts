import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import '../lib/i18n/i18n';
// Screens are rendered without the signed-in frame that brings their texts in the app.
import '../lib/i18n/signed-in-namespace';
import { startTestClock } from './clock';

// A lazy screen's module is transformed on its first import, which takes more than the default
// second while other test files run on the same cores.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia; react-hot-toast asks it about reduced motion.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Every test runs on a clock it sets: the suite's fixed moment unless the test names its own.
beforeEach(() => startTestClock());

afterEach(() => {
  cleanup();
  act(() => toast.remove());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});
