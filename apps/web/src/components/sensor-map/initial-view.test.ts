import { describe, expect, it } from 'vitest';
import { CITIES } from '../../test/city-fixtures';
import { initialView } from './initial-view';

describe('the initial view of a sensor map', () => {
  it('frames the city with its padding, at the zoom the narrower side allows', () => {
    const kolkata = CITIES[0]!;
    const view = initialView(kolkata, 800, 480, 24)!;
    // 0.3° of longitude fill 752 px at about zoom 10.9; the latitudes are the narrower side here.
    expect(view.zoom).toBeGreaterThan(9.5);
    expect(view.zoom).toBeLessThan(11);
    expect(view.bounds.south).toBeLessThanOrEqual(kolkata.bounds.south);
    expect(view.bounds.north).toBeGreaterThanOrEqual(kolkata.bounds.north);
    expect(view.bounds.west).toBeLessThan(kolkata.bounds.west);
    expect(view.bounds.east).toBeGreaterThan(kolkata.bounds.east);
    // Centred on the city.
    expect((view.bounds.west + view.bounds.east) / 2).toBeCloseTo(88.35, 6);
  });

  it('has none for a box without room', () => {
    expect(initialView(CITIES[0]!, 40, 40, 24)).toBeNull();
  });
});
