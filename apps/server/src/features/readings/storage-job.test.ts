import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { freeDiskShare, startStorageJob } from './storage-job';

function capturedLogger() {
  const lines: { level: number; msg: string; freePercent?: number }[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        done();
      },
    }),
  );
  return { logger, lines };
}

const readings = {
  ensurePartitions: async () => ['sensor_data_p20261209'],
  applyRetention: async () => ({ dropped: ['sensor_data_p20261105'], kept: [], rows: 0 }),
  vacuumEndedPartitions: async () => ['sensor_data_p20261205'],
  vacuumOpenPartitions: async () => [
    'sensor_data_p20261207',
    'sensor_readings_hourly_p202612',
    'sensor_readings_daily',
  ],
};

describe('the readings storage job', () => {
  it('creates partitions, applies the retention and vacuums ended days as it starts, saying what it did', async () => {
    const { logger, lines } = capturedLogger();
    const job = startStorageJob({ readings, logger });
    await job.done;
    job.stop();
    expect(lines.map((l) => l.msg)).toEqual([
      'readings partitions created',
      'readings past retention dropped',
      'ended readings partitions vacuumed',
    ]);
  });

  it('warns when the disk of the embedded database has less than 10 % free', async () => {
    for (const [share, warned] of [
      [0.04, true],
      [0.5, false],
    ] as const) {
      const { logger, lines } = capturedLogger();
      const job = startStorageJob({
        readings,
        logger,
        embeddedDataDir: '/data',
        freeShare: async () => share,
      });
      await job.done;
      job.stop();
      const warning = lines.find((l) => l.level === 40);
      expect(Boolean(warning)).toBe(warned);
      if (warning) expect(warning.freePercent).toBe(4);
    }
  });

  it('reads a real disk’s free share', async () => {
    const share = await freeDiskShare(process.cwd());
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThanOrEqual(1);
  });
});
