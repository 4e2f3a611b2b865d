import { cityKeySchema, type City } from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { CityRow, Database } from '../../db/schema';
import { listCities } from './cities.repository';

/** Maps a stored city to the contract's shape. */
function presentCity(row: CityRow): City {
  return {
    key: cityKeySchema.parse(row.key),
    name: row.name,
    population: row.population_display,
    populationCount: row.population_count,
    center: { lat: row.center_lat, lng: row.center_lng },
    bounds: {
      north: row.bounds_north,
      south: row.bounds_south,
      east: row.bounds_east,
      west: row.bounds_west,
    },
    theme: {
      gradientFrom: row.gradient_from,
      gradientVia: row.gradient_via,
      gradientTo: row.gradient_to,
    },
    timeZone: row.time_zone,
  };
}

export type CitiesService = { list: () => Promise<City[]> };

export function createCitiesService(db: Kysely<Database>): CitiesService {
  return {
    async list() {
      return (await listCities(db)).map(presentCity);
    },
  };
}
