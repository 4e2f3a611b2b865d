// The transparency ledger on PostgreSQL (BENCH_DATABASE_URL, a fresh database):
// 1. append throughput: BENCH_WRITERS writers (4) each recording one entry per transaction, as
//    actions do, while the sequencer chains them; entries chained per second over BENCH_SECONDS;
// 2. verification: BENCH_ENTRIES entries (100,000) chained, served by the real server, and checked
//    end to end by the command-line verifier, over HTTP and from an exported file.
// Goals: ≥ 2,000 entries/s appended; the whole ledger verified in < 10 s.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pino from 'pino';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateToLatest } from '../apps/server/src/db/migrator';
import { loadLedgerKey } from '../apps/server/src/features/ledger/ledger-key';
import { createLedgerService } from '../apps/server/src/features/ledger/ledger.service';
import { createUnitOfWork } from '../apps/server/src/lib/unit-of-work';
import { createDomainEvents } from '../apps/server/src/live/domain-events';
import { startBenchServer, withPostgresBenchDatabase } from './support';

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WRITERS = Number(process.env.BENCH_WRITERS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const CLI = new URL('../packages/ledger/src/cli.ts', import.meta.url).pathname;
const run = promisify(execFile);

await withPostgresBenchDatabase(DATABASE_URL, async (db) => {
  const folder = await mkdtemp(path.join(tmpdir(), 'smart-city-ledger-bench-'));
  const keyFile = path.join(folder, 'ledger.pem');
  const handle = await openDatabase({ kind: 'postgres', url: db.env.DATABASE_URL! });
  try {
    await migrateToLatest(handle.db);
    const key = await loadLedgerKey(handle.db, keyFile, new Date());
    const ledger = createLedgerService({
      db: handle.db,
      events: createDomainEvents(() => {}),
      signingKey: key.privateKey,
      publicKey: key.publicKey,
      logger: pino({ level: 'silent' }),
      now: () => new Date(),
    });
    // The writers' units publish where the ledger does not listen: the bench chains by itself.
    const unitOfWork = createUnitOfWork(
      handle.db,
      createDomainEvents(() => {}),
    );

    // 1. Writers record, one entry a transaction; the sequencer chains as the server's does.
    let recorded = 0;
    const started = performance.now();
    const endAt = started + SECONDS * 1000;
    let writing = true;
    const sequencer = (async () => {
      while (writing)
        if ((await ledger.sequence()) === 0) await new Promise((r) => setTimeout(r, 5));
    })();
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        for (let i = 0; performance.now() < endAt; i++) {
          await unitOfWork((unit) =>
            ledger.record(unit, {
              type: 'notice.published',
              payload: {
                writer,
                i,
                title: `Bench notice ${writer}-${i}`,
                by: { role: 'admin', id: 'p-bench' },
              },
            }),
          );
          recorded++;
        }
      }),
    );
    const writeSeconds = (performance.now() - started) / 1000;
    writing = false;
    await sequencer;
    await ledger.sequence();
    const chainedSeconds = (performance.now() - started) / 1000;

    // 2. The rest of the ledger in bulk, chained by the same sequencer.
    const missing = Math.max(0, ENTRIES - recorded);
    await sql`
      insert into ledger_pending (type, at, payload)
      select 'air_quality.crossed', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        '{"aqi":' || (150 + g % 50) || ',"city":"kolkata","crossed":"above 150","sensorId":"kolkata-air-quality-park-street"}'
      from generate_series(1, ${missing}) g`.execute(handle.db);
    const chainStarted = performance.now();
    await ledger.sequence();
    const chainSeconds = (performance.now() - chainStarted) / 1000;
    const checkpoint = await ledger.checkpointIfDue(0);
    const total = (await ledger.summary()).entries;

    // The real server reads the same database and key; the CLI checks it all.
    const server = await startBenchServer({
      SIMULATOR: 'off',
      LEDGER_KEY_FILE: keyFile,
      ...db.env,
    });
    let overHttp: number;
    let fromFile: number;
    let output: string;
    try {
      const exportFile = path.join(folder, 'ledger.json');
      let t0 = performance.now();
      output = (
        await run(
          process.execPath,
          ['--import', 'tsx', CLI, '--url', server.base, '--save', exportFile],
          { maxBuffer: 1 << 24 },
        )
      ).stdout;
      overHttp = (performance.now() - t0) / 1000;
      t0 = performance.now();
      output += (
        await run(process.execPath, ['--import', 'tsx', CLI, '--file', exportFile], {
          maxBuffer: 1 << 24,
        })
      ).stdout;
      fromFile = (performance.now() - t0) / 1000;
    } finally {
      await server.stop();
    }

    const appendRate = recorded / chainedSeconds;
    console.log(
      `Ledger on PostgreSQL: ${WRITERS} writers for ${SECONDS} s, then ${total.toLocaleString('en')} entries verified`,
    );
    console.table([
      {
        writers: WRITERS,
        'entries recorded': recorded,
        'recorded/s': Math.round(recorded / writeSeconds),
        'chained/s (append)': Math.round(appendRate),
        [`chain ${missing.toLocaleString('en')} more, s`]: +chainSeconds.toFixed(1),
        'checkpoint size': checkpoint?.treeSize ?? '(none due)',
        'CLI over HTTP (fetch + verify), s': +overHttp.toFixed(1),
        'CLI from a file, s': +fromFile.toFixed(1),
      },
    ]);
    console.log(output.trim());
    const checks = [
      [
        `append ≥ 2,000 entries/s with ${WRITERS} writers`,
        appendRate >= 2_000,
        `${Math.round(appendRate)}/s`,
      ],
      [
        `verify ${total.toLocaleString('en')} entries in the CLI < 10 s`,
        Math.min(overHttp, fromFile) < 10,
        `HTTP ${overHttp.toFixed(1)} s, file ${fromFile.toFixed(1)} s`,
      ],
      [
        'every verification passed',
        !output.includes('FAILED'),
        output.includes('FAILED') ? 'a check failed' : 'all passed',
      ],
    ] as const;
    for (const [goal, met, figure] of checks)
      console.log(`${met ? 'met   ' : 'MISSED'} ${goal}: ${figure}`);
    if (checks.some(([, met]) => !met)) process.exitCode = 1;
  } finally {
    await handle.close();
    await rm(folder, { recursive: true, force: true });
  }
});
