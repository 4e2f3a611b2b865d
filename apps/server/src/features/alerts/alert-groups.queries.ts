import type { QueryExamples } from '../../db/query-snapshots';
import type { Kysely } from 'kysely';
import type { AlertGroupRow, AlertRow, Database } from '../../db/schema';
import * as repository from './alert-groups.repository';
import { insertRaisedAlerts, type RaisedAlert } from './alerts.repository';

const now = new Date('2026-11-20T10:05:00.000Z');

const airAlert = (id: string, place: string, location: string, at: string): RaisedAlert => ({
  id,
  sensor_id: `kolkata-air-quality-${place}`,
  city_key: 'kolkata',
  location,
  rule: 'threshold',
  title: `Unhealthy air quality at ${location}`,
  message: 'AQI 180 (high ≥ 150 AQI)',
  facts: null,
  severity: 'high',
  value: 180,
  in_range_since: null,
  created_at: new Date(at),
});

// Three air-quality alerts of Kolkata raised within two minutes: a flood for a threshold of 2.
const flood = [
  airAlert('alert-flood-1', 'gariahat', 'Gariahat', '2026-11-20T10:00:00.000Z'),
  airAlert('alert-flood-2', 'park-street', 'Park Street', '2026-11-20T10:01:00.000Z'),
  airAlert('alert-flood-3', 'sealdah-station', 'Sealdah Station', '2026-11-20T10:02:00.000Z'),
];

let group: AlertGroupRow | undefined;

/** The group gatherFloods made. */
function floodGroup(): AlertGroupRow {
  if (!group) throw new Error('gatherFloods made no group');
  return group;
}

let raised: AlertRow[] = [];

/** Groups gather alerts already stored: three of one kind in Kolkata. */
export async function setup(db: Kysely<Database>) {
  raised = await insertRaisedAlerts(db, flood, now);
}

export const examples: QueryExamples<typeof repository> = {
  gatherFloods: (db) =>
    db.transaction().execute(async (trx) => {
      const result = await repository.gatherFloods(trx, raised, now, {
        threshold: 2,
        windowMs: 10 * 60_000,
      });
      group = result.groups[0];
      return result;
    }),
  refreshGroups: (db) => repository.refreshGroups(db, [floodGroup().id], now),
  listGroups: (db) =>
    repository.listGroups(db, {
      city: 'kolkata',
      statuses: ['open', 'acknowledged'],
      limit: 20,
      hiddenRules: ['offline'],
    }),
  findGroup: (db) => repository.findGroup(db, floodGroup().id),
  listGroupMembers: (db) =>
    repository.listGroupMembers(db, floodGroup().id, { afterId: flood[0]!.id, limit: 50 }),
  transitionGroup: (db) =>
    db
      .transaction()
      .execute((trx) =>
        repository.transitionGroup(
          trx,
          floodGroup(),
          { from: ['open'], to: 'acknowledged', who: 'Ananya Sen', note: 'Crew sent' },
          now,
        ),
      ),
};
