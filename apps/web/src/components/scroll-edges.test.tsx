import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { TabList } from './tabs';

const TABS = ['ledger', 'contracts', 'feedback', 'verify', 'monitor'].map((key) => ({
  key,
  label: key,
}));

/** jsdom lays nothing out: the row's widths and scroll position are set by hand. */
function layOut(element: HTMLElement, sizes: { client: number; scroll: number; left: number }) {
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: sizes.client });
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: sizes.scroll });
  element.scrollLeft = sizes.left;
  act(() => {
    fireEvent.scroll(element);
  });
}

describe('a row of tabs wider than the screen', () => {
  it('fades at the end that has more, and at neither once all of it fits', () => {
    renderWithProviders(
      <TabList label="Ledger" idPrefix="l" tabs={TABS} selected="ledger" onSelect={() => {}} />,
    );
    const row = screen.getByRole('tablist', { name: 'Ledger' });
    layOut(row, { client: 300, scroll: 520, left: 0 });
    expect(screen.getByTestId('scroll-more-after')).toBeInTheDocument();
    expect(screen.queryByTestId('scroll-more-before')).not.toBeInTheDocument();

    layOut(row, { client: 300, scroll: 520, left: 100 });
    expect(screen.getByTestId('scroll-more-before')).toBeInTheDocument();
    expect(screen.getByTestId('scroll-more-after')).toBeInTheDocument();

    layOut(row, { client: 300, scroll: 520, left: 220 });
    expect(screen.getByTestId('scroll-more-before')).toBeInTheDocument();
    expect(screen.queryByTestId('scroll-more-after')).not.toBeInTheDocument();

    layOut(row, { client: 600, scroll: 600, left: 0 });
    expect(screen.queryByTestId('scroll-more-before')).not.toBeInTheDocument();
    expect(screen.queryByTestId('scroll-more-after')).not.toBeInTheDocument();
  });
});
