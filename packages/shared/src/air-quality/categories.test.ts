import { describe, expect, it } from 'vitest';
import { AIR_QUALITY_CATEGORIES, categoryOf } from './categories';
import { AIR_QUALITY_STANDARDS } from './pollutants';

describe('air quality categories', () => {
  it("places every index at each category's ends in that category", () => {
    for (const standard of AIR_QUALITY_STANDARDS) {
      for (const category of AIR_QUALITY_CATEGORIES[standard]) {
        expect(categoryOf(standard, category.min)?.key).toBe(category.key);
        if (category.max !== null)
          expect(categoryOf(standard, category.max)?.key).toBe(category.key);
      }
    }
  });

  it('covers each scale without gaps, from 0', () => {
    for (const standard of AIR_QUALITY_STANDARDS) {
      const categories = AIR_QUALITY_CATEGORIES[standard];
      expect(categories[0]?.min).toBe(0);
      categories.slice(1).forEach((category, i) => {
        expect(category.min).toBe((categories[i]?.max ?? Number.NaN) + 1);
      });
    }
  });

  it("gives India's categories CPCB's ranges", () => {
    expect(AIR_QUALITY_CATEGORIES['IN-NAQI'].map((c) => [c.key, c.min, c.max])).toEqual([
      ['good', 0, 50],
      ['satisfactory', 51, 100],
      ['moderate', 101, 200],
      ['poor', 201, 300],
      ['very_poor', 301, 400],
      ['severe', 401, 500],
    ]);
  });

  it("gives the US categories the EPA's ranges and colours, Hazardous open-ended", () => {
    expect(AIR_QUALITY_CATEGORIES['US-EPA'].map((c) => [c.key, c.min, c.max, c.colour])).toEqual([
      ['good', 0, 50, '#00E400'],
      ['moderate', 51, 100, '#FFFF00'],
      ['sensitive', 101, 150, '#FF7E00'],
      ['unhealthy', 151, 200, '#FF0000'],
      ['very_unhealthy', 201, 300, '#8F3F97'],
      ['hazardous', 301, null, '#7E0023'],
    ]);
    expect(categoryOf('US-EPA', 848)?.key).toBe('hazardous');
  });

  it('places a fraction by the upper end it does not pass, and rejects what is no index', () => {
    expect(categoryOf('US-EPA', 50.4)?.key).toBe('moderate');
    expect(categoryOf('US-EPA', 50)?.key).toBe('good');
    expect(categoryOf('IN-NAQI', 600)?.key).toBe('severe');
    expect(categoryOf('IN-NAQI', -1)).toBeNull();
    expect(categoryOf('US-EPA', Number.NaN)).toBeNull();
  });
});
