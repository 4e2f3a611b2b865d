import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './home.repository';

const city = 'kolkata';
// Ballygunge, as CITY_AREAS has it.
const circle: repository.Circle = { lat: 22.522, lng: 88.365, radiusKm: 2 };

export const examples: QueryExamples<typeof repository> = {
  airFigures: (db) => repository.airFigures(db, city, circle),
  supplyFigures: (db) => repository.supplyFigures(db, city, circle),
  busiestPlaces: (db) => repository.busiestPlaces(db, city, circle, 3),
  activeAlertsNear: (db) => repository.activeAlertsNear(db, city, circle, 5),
};
