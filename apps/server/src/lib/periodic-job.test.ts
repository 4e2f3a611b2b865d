import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from './periodic-job';

describe('startPeriodicJob', () => {
  afterEach(() => vi.useRealTimers());

  it('runs on every tick, skips a tick while a run is still going, and survives a failure', async () => {
    vi.useFakeTimers();
    const logger = pino({ level: 'silent' });
    const error = vi.spyOn(logger, 'error');
    let finish: () => void = () => {};
    const work = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((r) => (finish = r)))
      .mockRejectedValueOnce(new Error('database away'))
      .mockResolvedValue(undefined);
    const job = startPeriodicJob({ name: 'test job', intervalMs: 1_000, logger, work });

    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'test job failed');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).toHaveBeenCalledTimes(3);

    job.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(work).toHaveBeenCalledTimes(3);
  });
});
