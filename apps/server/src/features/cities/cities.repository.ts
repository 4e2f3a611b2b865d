import type { Kysely } from 'kysely';
import type { CityRow, Database } from '../../db/schema';

/** Every city, in display order. */
export function listCities(db: Kysely<Database>): Promise<CityRow[]> {
  return db.selectFrom('cities').selectAll().orderBy('sort_order').orderBy('key').execute();
}
