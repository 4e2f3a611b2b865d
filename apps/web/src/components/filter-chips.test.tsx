import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FilterChip, FilterChipGroup } from './filter-chips';

const CHOICES = [
  { key: 'open', label: 'Open', count: 3 },
  { key: 'resolved', label: 'Resolved', count: 1 },
] as const;

function Chips({ showLabel = false, counts = true }: { showLabel?: boolean; counts?: boolean }) {
  const [chosen, setChosen] = useState<string>('open');
  return (
    <FilterChipGroup label="Status" showLabel={showLabel}>
      {CHOICES.map((choice) => (
        <FilterChip
          key={choice.key}
          testId={`chip-${choice.key}`}
          label={choice.label}
          count={counts ? choice.count : null}
          accessibleName={counts ? `${choice.label}, ${choice.count} alerts` : undefined}
          pressed={chosen === choice.key}
          onSelect={() => setChosen(choice.key)}
        />
      ))}
    </FilterChipGroup>
  );
}

describe('FilterChip', () => {
  it('shows each choice with its count, says the count in words, and marks the chosen one', () => {
    render(<Chips />);
    const group = screen.getByRole('group', { name: 'Status' });
    const open = within(group).getByRole('button', { name: 'Open, 3 alerts' });
    expect(open).toHaveTextContent('Open3');
    expect(open).toHaveAttribute('aria-pressed', 'true');
    expect(open).toHaveAttribute('data-count', '3');
    expect(within(group).getByRole('button', { name: 'Resolved, 1 alerts' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('is chosen from the keyboard', async () => {
    render(<Chips />);
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByTestId('chip-resolved')).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(screen.getByTestId('chip-resolved')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('chip-open')).toHaveAttribute('aria-pressed', 'false');
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('chip-open')).toHaveAttribute('aria-pressed', 'true');
  });

  it('is named by its label alone while the counts are unknown', () => {
    render(<Chips counts={false} />);
    const open = screen.getByRole('button', { name: 'Open' });
    expect(open).toHaveTextContent(/^Open$/);
    expect(open).not.toHaveAttribute('data-count');
  });

  it('can write the name of the group before its chips', () => {
    render(<Chips showLabel />);
    expect(screen.getByText('Status')).toBeVisible();
    expect(screen.getByRole('group', { name: 'Status' })).toBeInTheDocument();
  });
});
