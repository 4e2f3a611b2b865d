import type { QueryExamples } from '../../db/query-snapshots';
import type { Condition } from './sensorthings-request';
import * as repository from './sensorthings.repository';

const airQuality = 'kolkata-air-quality-gariahat';
const waste = 'kolkata-waste-park-street';

// Things?$filter=properties/city eq 'kolkata' and (name ge 'G' or not (properties/status eq 'offline'))
const inKolkata: Condition = {
  kind: 'and',
  left: { kind: 'compare', op: 'eq', column: 'city', value: 'kolkata' },
  right: {
    kind: 'or',
    left: { kind: 'compare', op: 'ge', column: 'name', value: 'G' },
    right: {
      kind: 'not',
      operand: { kind: 'compare', op: 'eq', column: 'status', value: 'offline' },
    },
  },
};

// Observations?$filter=phenomenonTime ge 2026-11-20T09:00:00Z and result gt 100
const unhealthySinceNine: Condition = {
  kind: 'and',
  left: {
    kind: 'compare',
    op: 'ge',
    column: 'time',
    value: '2026-11-20T09:00:00.000Z',
    micros: 1_763_629_200_000_000n,
  },
  right: { kind: 'compare', op: 'gt', column: 'result', value: 100 },
};

const byName = [
  { column: 'name', desc: false },
  { column: 'id', desc: false },
] as const;
const newestFirst = [{ column: 'time', desc: true }] as const;

export const examples: QueryExamples<typeof repository> = {
  // The second page of Kolkata's Things by name: after the last one of the first.
  sensorPage: (db) =>
    repository.sensorPage(
      db,
      {},
      {
        filter: inKolkata,
        order: [...byName],
        after: ['Gariahat Air Quality', airQuality],
        skip: 0,
        limit: 101,
      },
    ),
  sensorCount: (db) => repository.sensorCount(db, { kind: 'air_quality' }, inKolkata),
  sensorsByIds: (db) => repository.sensorsByIds(db, [airQuality, waste], inKolkata),
  sensorsOfKinds: (db) =>
    repository.sensorsOfKinds(db, ['air_quality', 'waste'], {
      filter: null,
      order: [{ column: 'id', desc: false }],
      after: null,
      skip: 0,
      limit: 6,
    }),
  sensorCountsOfKinds: (db) =>
    repository.sensorCountsOfKinds(db, ['air_quality', 'waste'], inKolkata),
  // A Datastream's next page of Observations, newest first.
  readingPage: async (db) => {
    await repository.readingPage(
      db,
      { sensorId: airQuality },
      {
        filter: unhealthySinceNine,
        order: [...newestFirst],
        after: ['1763632800000000'],
        skip: 0,
        limit: 101,
      },
    );
    // The Observations of every Datastream within an hour, newest first.
    return repository.readingPage(
      db,
      { window: { from: 1_763_629_200_000_000n, to: 1_763_632_800_000_000n } },
      {
        filter: null,
        order: [...newestFirst, { column: 'sensor', desc: false }],
        after: null,
        skip: 0,
        limit: 101,
      },
    );
  },
  readingCount: (db) => repository.readingCount(db, airQuality, unhealthySinceNine),
  readingsOfSensors: (db) =>
    repository.readingsOfSensors(db, [airQuality, waste], {
      filter: unhealthySinceNine,
      order: [...newestFirst],
      after: null,
      skip: 0,
      limit: 6,
    }),
  readingAt: (db) => repository.readingAt(db, airQuality, '2026-11-20T10:00:00.000123Z'),
};
