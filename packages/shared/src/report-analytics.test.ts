import { describe, expect, it } from 'vitest';
import { reportFiguresQuerySchema } from './report-analytics';

describe('the report figures query', () => {
  it('reads the days from the query string, 30 when left out', () => {
    expect(reportFiguresQuerySchema.parse({ city: 'kolkata' })).toEqual({
      city: 'kolkata',
      days: 30,
    });
    expect(reportFiguresQuerySchema.parse({ city: 'kolkata', days: '365' }).days).toBe(365);
    expect(reportFiguresQuerySchema.parse({ city: 'kolkata', days: 7 }).days).toBe(7);
  });

  it('refuses any other window, naming the days', () => {
    for (const days of ['14', '0', '-7', '7.5', 'thirty', '']) {
      const result = reportFiguresQuerySchema.safeParse({ city: 'kolkata', days });
      expect(result.success, days).toBe(false);
      expect(
        result.error?.issues.map((issue) => issue.path),
        days,
      ).toEqual([['days']]);
    }
  });

  it('takes an area of the city only', () => {
    expect(reportFiguresQuerySchema.parse({ city: 'new-york', area: 'harlem' })).toMatchObject({
      area: 'harlem',
    });
    for (const area of ['harlem', 'atlantis']) {
      const result = reportFiguresQuerySchema.safeParse({ city: 'kolkata', area });
      expect(result.success, area).toBe(false);
      expect(
        result.error?.issues.map((issue) => issue.path),
        area,
      ).toEqual([['area']]);
    }
  });
});
