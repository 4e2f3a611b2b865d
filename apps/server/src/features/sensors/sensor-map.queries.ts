import {
  ACTIVE_ALERT_STATUSES,
  SENSOR_STATUS_RANK,
  SEVERITY_RANK,
  type BoundingBox,
} from '@smart-city/shared';
import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './sensor-map.repository';

const kolkata: BoundingBox = { west: 88.2, south: 22.45, east: 88.5, north: 22.75 };
// Cells of 44 pixels at zoom 12.
const cellRad = ((2 * Math.PI) / (512 * 2 ** 12)) * 44;

export const examples: QueryExamples<typeof repository> = {
  clusterSensors: (db) =>
    repository.clusterSensors(db, { bbox: kolkata }, cellRad, SENSOR_STATUS_RANK),
  worstAlertCells: (db) =>
    repository.worstAlertCells(
      db,
      { city: 'kolkata', bbox: kolkata },
      cellRad,
      SEVERITY_RANK,
      ACTIVE_ALERT_STATUSES,
    ),
  listCityTwinSensors: (db) => repository.listCityTwinSensors(db, 'kharagpur'),
};
