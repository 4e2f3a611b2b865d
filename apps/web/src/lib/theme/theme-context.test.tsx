import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../../index.html?raw';
import { ThemeToggle } from '../../components/theme-toggle';
import { THEME_STORAGE_KEY } from '../storage-keys';
import { ThemeProvider } from './theme-context';

function renderToggle() {
  return render(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  );
}

describe('theme', () => {
  it('starts dark', () => {
    renderToggle();
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  it('switches to light, persists it and removes the dark class', async () => {
    renderToggle();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');

    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('applies a stored light theme', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    document.documentElement.classList.add('dark');
    renderToggle();
    expect(document.documentElement).not.toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('treats an unknown stored value as dark', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    renderToggle();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('is applied before first paint by index.html with the same storage key', () => {
    expect(indexHtml).toContain('<html lang="en" class="dark">');
    expect(indexHtml).toContain(`localStorage.getItem('${THEME_STORAGE_KEY}') === 'light'`);
  });
});
