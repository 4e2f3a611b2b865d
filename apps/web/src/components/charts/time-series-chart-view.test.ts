import { describe, expect, it } from 'vitest';
import { valueAxis } from './time-series-chart-view';

const point = (value: number, min = value, max = value) => ({ time: 0, value, min, max });

describe('valueAxis', () => {
  it('widens the axis to round steps past the data and every reference line', () => {
    const axis = valueAxis([point(12.3, 11.02, 14.9), point(25.7)], [{ value: 34 }, { value: 40 }]);
    // The critical line at 40 stays off the frame, where its label would meet the axis.
    expect(axis).toEqual({ domain: [0, 50], ticks: [0, 10, 20, 30, 40, 50] });
  });

  it('starts at zero for data near it, and keeps small decimals exact', () => {
    expect(valueAxis([point(0.12), point(0.31)], [])).toEqual({
      domain: [0.1, 0.4],
      ticks: [0.1, 0.2, 0.3, 0.4],
    });
    expect(valueAxis([point(3), point(97)], []).domain[0]).toBe(0);
  });

  it('opens a flat series up around its one value', () => {
    const { domain } = valueAxis([point(50), point(50)], []);
    expect(domain[0]).toBeLessThan(50);
    expect(domain[1]).toBeGreaterThan(50);
  });
});
