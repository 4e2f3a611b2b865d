import { readStorage, THEME_STORAGE_KEY, writeStorage } from '../storage-keys';

export type Theme = 'dark' | 'light';

/** Dark unless the user chose light: the dashboard lives on control-room screens in dim rooms. */
const DEFAULT_THEME: Theme = 'dark';

/** The stored theme; anything other than a stored 'light' or 'dark' means the default. */
export function readStoredTheme(): Theme {
  const stored = readStorage(THEME_STORAGE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : DEFAULT_THEME;
}

export function storeTheme(theme: Theme): void {
  writeStorage(THEME_STORAGE_KEY, theme);
}

/** Tailwind's `dark:` variant keys off the `dark` class on <html> (see index.css). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
