import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '../../lib/theme/theme-context';
import { Sparkline } from './sparkline';

function draw(points: { time: number; value: number }[]) {
  render(
    <ThemeProvider>
      <Sparkline points={points} label="From 10 to 30" testId="spark" />
    </ThemeProvider>,
  );
  return screen.getByRole('img', { name: 'From 10 to 30' });
}

describe('a sparkline', () => {
  it('draws the series left to right, higher values higher up, ending on a dot', () => {
    const svg = draw([
      { time: 0, value: 10 },
      { time: 1_000, value: 30 },
      { time: 2_000, value: 20 },
    ]);
    const path = svg.querySelector('path')!.getAttribute('d')!;
    const [first, second, third] = path
      .split(' ')
      .map((step) => step.slice(1).split(',').map(Number));
    expect(first![0]).toBeLessThan(second![0]!);
    expect(second![0]).toBeLessThan(third![0]!);
    // SVG y grows downwards: the highest value is nearest the top.
    expect(second![1]).toBeLessThan(third![1]!);
    expect(third![1]).toBeLessThan(first![1]!);
    const dot = svg.querySelector('circle')!;
    expect(Number(dot.getAttribute('cx'))).toBeCloseTo(third![0]!, 1);
  });

  it('draws a flat series across the middle', () => {
    const svg = draw([
      { time: 0, value: 5 },
      { time: 1_000, value: 5 },
    ]);
    const ys = svg
      .querySelector('path')!
      .getAttribute('d')!
      .split(' ')
      .map((step) => Number(step.split(',')[1]));
    expect(ys).toEqual([24, 24]);
  });
});
