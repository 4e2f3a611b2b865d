import { stat, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LedgerEntryView } from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, silentLogger } from '../../test/test-app';
import { bandAfter, createAirQualityRecords } from './air-quality-records';
import { LedgerKeyError, loadLedgerKey } from './ledger-key';

describe('AQI bands', () => {
  it('enter above 150 or below 25, and leave only 10 points back inside', () => {
    expect(bandAfter('normal', 150)).toBe('normal');
    expect(bandAfter('normal', 151)).toBe('high');
    expect(bandAfter('high', 145)).toBe('high');
    expect(bandAfter('high', 140)).toBe('normal');
    expect(bandAfter('normal', 24)).toBe('low');
    expect(bandAfter('low', 30)).toBe('low');
    expect(bandAfter('low', 35)).toBe('normal');
    expect(bandAfter('high', 20)).toBe('low');
  });
});

describe.each(testDatabases())('air quality in the ledger on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let context: Awaited<ReturnType<typeof createTestAppWithCallers>>;
  let clock = new Date('2026-11-24T10:00:00Z');
  const SENSOR = 'kolkata-air-quality-park-street';

  beforeAll(async () => {
    database = await create();
    context = await createTestAppWithCallers(database, { pipelineNow: () => clock });
  });
  afterAll(() => database?.dispose());

  const records = () =>
    createAirQualityRecords({
      db: database.db,
      events: context.events,
      ledger: context.services.ledger,
      cities: context.services.cities,
      analytics: context.services.analytics,
      foldReadings: context.services.readingsFold.now,
      logger: silentLogger,
      now: () => clock,
    });
  const entriesOf = async (type: string) => {
    await context.services.ledger.sequence();
    const res = await context.app.request(`/api/ledger/entries?type=${type}&limit=500`);
    return ((await res.json()) as { items: LedgerEntryView[] }).items;
  };

  it('records each crossing once, not the wobble around the line, and not other sensor types', async () => {
    const recorder = records();
    const second = records();
    try {
      for (const [value, minute] of [
        [140, 0],
        [160, 1],
        [149, 2],
        [155, 3],
        [120, 4],
        [20, 5],
      ] as const) {
        clock = new Date(Date.UTC(2026, 10, 24, 10, minute));
        await context.services.ingest.ingest([
          { sensorId: SENSOR, value, timestamp: clock.toISOString() },
          { sensorId: 'kolkata-traffic-howrah-bridge', value: 60, timestamp: clock.toISOString() },
        ]);
        // Two processes hear of the same readings; the crossing is still recorded once.
        await Promise.all([recorder.flush(), second.flush()]);
      }
    } finally {
      recorder.stop();
      second.stop();
    }
    const crossings = await entriesOf('air_quality.crossed');
    expect(
      crossings.map((e) => [
        e.payload.aqi,
        e.payload.direction,
        e.payload.bound,
        e.payload.crossed,
      ]),
    ).toEqual([
      [160, 'above', 150, 'above 150'],
      [20, 'below', 25, 'below 25'],
    ]);
    expect(crossings[0]!.payload).toMatchObject({
      sensorId: SENSOR,
      city: 'kolkata',
      location: 'Park Street',
    });
  });

  it('records yesterday’s summary of each city once, in the city’s own day', async () => {
    clock = new Date('2026-11-25T01:00:00Z'); // 06:30 on 25 November in Kolkata
    const first = await records().recordDailySummaries();
    const again = await records().recordDailySummaries();
    expect(first).toBe(1);
    expect(again).toBe(0);
    const [summary] = await entriesOf('air_quality.daily');
    expect(summary!.payload).toEqual({
      city: 'kolkata',
      day: '2026-11-24',
      meanAqi: expect.any(Number),
      minAqi: 20,
      maxAqi: 160,
      readings: 6,
      sensors: 1,
    });
  });
});

describe('the ledger key file', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'ledger-key-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it.each(testDatabases())(
    'is made once with mode 0600, and refused when missing or another key on $kind',
    async ({ create }) => {
      const database = await create();
      try {
        const file = path.join(folder, `${Math.random()}`, 'ledger.pem');
        const made = await loadLedgerKey(database.db, file, new Date());
        expect((await stat(file)).mode & 0o777).toBe(0o600);
        expect((await loadLedgerKey(database.db, file, new Date())).publicKey).toEqual(
          made.publicKey,
        );

        await rm(file);
        await expect(loadLedgerKey(database.db, file, new Date())).rejects.toThrow(
          new LedgerKeyError(
            `The ledger was signed with key ${made.publicKey.kid}, but its key file ${file} is missing: restore it (or set LEDGER_KEY_FILE to where it is)`,
          ),
        );
        const other = path.join(folder, 'other.pem');
        await loadLedgerKey((await create()).db, other, new Date());
        await expect(loadLedgerKey(database.db, other, new Date())).rejects.toThrow(
          /restore the original key file/,
        );
        await writeFile(path.join(folder, 'broken.pem'), 'not a key');
        await expect(
          loadLedgerKey(database.db, path.join(folder, 'broken.pem'), new Date()),
        ).rejects.toThrow(LedgerKeyError);
      } finally {
        await database.dispose();
      }
    },
  );

  it.each(testDatabases())(
    'is recorded once when processes with key files of their own start at the same moment on $kind',
    async ({ create }) => {
      const database = await create();
      try {
        const files = [1, 2, 3].map((n) =>
          path.join(folder, `${Math.random()}`, `ledger-${n}.pem`),
        );
        const outcomes = await Promise.allSettled(
          files.map((file) =>
            loadLedgerKey(database.db, file, new Date(), [
              { host: 'web-1', file: '/keys/ledger.pem' },
            ]),
          ),
        );
        const started = outcomes.filter((o) => o.status === 'fulfilled');
        expect(started).toHaveLength(1);
        const recorded = await database.db.selectFrom('ledger_keys').select('kid').execute();
        expect(recorded).toEqual([{ kid: started[0]!.value.publicKey.kid }]);
        for (const refused of outcomes.filter((o) => o.status === 'rejected')) {
          expect(refused.reason).toBeInstanceOf(LedgerKeyError);
          // A process that read the ledger while the key was being recorded lost the race; one
          // that came a moment later (a busy machine) finds the ledger signed with a key it lacks.
          // Either way it is told where the running process keeps the key.
          expect((refused.reason as Error).message).toMatch(
            /^(Another process recorded the ledger's key \S+ while this one made \S+ in .*: give every process the one key file|The ledger was signed with key \S+, but its key file .* is missing: restore it \(or set LEDGER_KEY_FILE to where it is\))\. Every process on this database signs with that one key: copy the key file of a running process \(web-1: \/keys\/ledger\.pem\)/,
          );
        }
      } finally {
        await database.dispose();
      }
    },
  );
});
