import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { WindowSwitch } from './window-switch';

type Window = '1h' | '24h' | '7d';

function Switch() {
  const [window, setWindow] = useState<Window>('24h');
  return (
    <>
      <WindowSwitch
        windows={['1h', '24h', '7d'] as const}
        value={window}
        onChange={setWindow}
        label="History window"
        optionTestIdPrefix="history-window"
      />
      <p>Showing {window}</p>
    </>
  );
}

describe('WindowSwitch', () => {
  it('names each window short, describes it in full, and presses the one shown', () => {
    render(<Switch />);
    const group = screen.getByRole('group', { name: 'History window' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['1h', '24h', '7d']);
    expect(screen.getByRole('button', { name: '24h' })).toHaveAccessibleDescription(
      'Last 24 hours',
    );
    expect(screen.getByRole('button', { name: '24h' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '1h' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('history-window-7d')).toHaveTextContent('7d');
  });

  it('switches by click and from the keyboard, one pressed window at a time', async () => {
    render(<Switch />);
    await userEvent.click(screen.getByRole('button', { name: '7d' }));
    expect(screen.getByText('Showing 7d')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '7d' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '24h' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: '1h' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Showing 1h')).toBeInTheDocument();
  });
});
