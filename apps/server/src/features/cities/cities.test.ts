import { cityListSchema } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { createTestApp } from '../../test/test-app';

describe.each(testDatabases())('GET /api/cities on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    database = await create();
    app = createTestApp(database);
  });
  afterAll(() => database?.dispose());

  it('lists the three cities with the reference values, in order', async () => {
    const res = await app.request('/api/cities');
    expect(res.status).toBe(200);
    const cities = cityListSchema.parse(await res.json());
    expect(cities.map((c) => c.key)).toEqual(['kolkata', 'kharagpur', 'new-york']);
    expect(cities[0]).toEqual({
      key: 'kolkata',
      name: 'Kolkata',
      population: '14.9M',
      populationCount: 14_900_000,
      center: { lat: 22.5726, lng: 88.3639 },
      bounds: { north: 22.75, south: 22.45, east: 88.5, west: 88.2 },
      theme: { gradientFrom: '#8A2387', gradientVia: '#E94057', gradientTo: '#F27121' },
      timeZone: 'Asia/Kolkata',
    });
    expect(cities[1]).toMatchObject({
      name: 'Kharagpur',
      population: '0.4M',
      center: { lat: 22.3392, lng: 87.325 },
      bounds: { north: 22.39, south: 22.29, east: 87.37, west: 87.27 },
      theme: { gradientFrom: '#00C6FF', gradientVia: '#0072FF', gradientTo: '#4A00E0' },
      timeZone: 'Asia/Kolkata',
    });
    expect(cities[2]).toMatchObject({
      name: 'New York',
      population: '8.3M',
      center: { lat: 40.7589, lng: -73.9851 },
      bounds: { north: 40.9176, south: 40.4774, east: -73.7004, west: -74.2591 },
      theme: { gradientFrom: '#0ea5e9', gradientVia: '#6366f1', gradientTo: '#22c55e' },
      timeZone: 'America/New_York',
    });
  });
});
