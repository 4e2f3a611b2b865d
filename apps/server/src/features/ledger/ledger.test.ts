import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { CHECKPOINT_EVERY, httpLedgerSource, verifyLedger } from '@smart-city/ledger';
import {
  jcs,
  referenceConsistencyProof,
  referenceInclusionPath,
  referenceRoot,
  referenceSha256Hex,
  referenceVerify,
} from '@smart-city/ledger/testing';
import type { LedgerCheckpointView, LedgerEntryView } from '@smart-city/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { postJson } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import {
  createTestAppWithCallers,
  createTestEvents,
  createTestServices,
} from '../../test/test-app';
import { createUnitOfWork } from '../../lib/unit-of-work';
import { ephemeralLedgerKey } from './ledger-key';

const CLI = new URL('../../../../../packages/ledger/src/cli.ts', import.meta.url).pathname;
const run = promisify(execFile);

describe.each(testDatabases())('the transparency ledger on $kind', ({ kind, create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let context: Awaited<ReturnType<typeof createTestAppWithCallers>>;
  const key = ephemeralLedgerKey();

  beforeAll(async () => {
    database = await create();
    context = await createTestAppWithCallers(database, {
      ledgerKey: key,
      // Raised by the first reading out of range: the rules' on-delays are tested apart.
      alertOnDelay: 'off',
    });
  });
  afterAll(() => database?.dispose());

  /** Every entry, through the public API. */
  async function allEntries(): Promise<LedgerEntryView[]> {
    const entries: LedgerEntryView[] = [];
    let after = '0';
    for (;;) {
      const res = await context.app.request(`/api/ledger/entries?after=${after}&limit=500`);
      const page = (await res.json()) as { items: LedgerEntryView[]; nextCursor: string | null };
      entries.push(...page.items);
      if (!page.nextCursor) return entries;
      after = page.nextCursor;
    }
  }

  // Units of work whose events nobody hears: these tests chain with `sequence()` themselves.
  const unitOn = (db: typeof database.db) => createUnitOfWork(db, createTestEvents());
  const record = (type: 'notice.published', n: number) =>
    unitOn(database.db)((unit) =>
      context.services.ledger.record(unit, { type, payload: { n, title: `Entry ${n} ✓` } }),
    );

  it('records an operator action once, with a role and a pseudonym but no name or e-mail', async () => {
    await context.services.ingest.ingest([
      { sensorId: 'kolkata-traffic-howrah-bridge', value: 97 },
    ]);
    const [alert] = await context.services.alerts.list({ q: 'howrah', limit: 1 });
    const acknowledged = await postJson(
      context.app,
      `/api/alerts/${alert!.id}/acknowledge`,
      { note: 'Crew sent; call Ravi on 98300 00000' },
      { cookie: context.operator },
    );
    expect(acknowledged.status).toBe(200);
    const again = await postJson(
      context.app,
      `/api/alerts/${alert!.id}/acknowledge`,
      {},
      { cookie: context.operator },
    );
    expect(again.status).toBe(409);
    await context.services.ledger.sequence();

    const entries = (await allEntries()).filter((e) => e.payload.alertId === alert!.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      type: 'alert.acknowledged',
      payload: {
        alertId: alert!.id,
        from: 'open',
        to: 'acknowledged',
        by: { role: 'operator', id: expect.stringMatching(/^p-[\w-]{12}$/) },
      },
    });
    // The alert's facts, from which the ledger screen words the entry in each reader's language.
    expect(alert!.facts).toMatchObject({ kind: 'threshold', sensorType: 'traffic' });
    expect(entries[0]!.payload.facts).toEqual(alert!.facts);
    const text = JSON.stringify(entries[0]);
    expect(text).not.toContain('operator@smartcity.local');
    expect(text).not.toContain('System Operator');
    expect(text).not.toContain('Ravi');
  });

  it('records each step of a booking, without its place, contact or note', async () => {
    const created = await postJson(
      context.app,
      '/api/emergency/bookings',
      {
        service: 'ambulance',
        urgency: 'high',
        city: 'kolkata',
        location: 'Park Street, near the metro station',
        contactPhone: '98300 12345',
      },
      { cookie: context.citizen },
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    for (const [step, body] of [
      ['dispatch', { unit: 'AMB-12', etaMinutes: 8, note: 'Call Ravi on 98300 00000' }],
      ['start', {}],
      ['complete', {}],
    ] as const) {
      const res = await postJson(context.app, `/api/emergency/bookings/${id}/${step}`, body, {
        cookie: context.operator,
      });
      expect(res.status).toBe(200);
    }
    await context.services.ledger.sequence();

    const entries = (await allEntries()).filter((e) => e.payload.bookingId === id);
    expect(entries.map((e) => [e.type, e.payload.from, e.payload.status])).toEqual([
      ['booking.status_changed', 'confirmed', 'dispatched'],
      ['booking.status_changed', 'dispatched', 'in_progress'],
      ['booking.status_changed', 'in_progress', 'completed'],
    ]);
    expect(entries[0]!.payload).toMatchObject({
      service: 'ambulance',
      city: 'kolkata',
      by: { role: 'operator', id: expect.stringMatching(/^p-[\w-]{12}$/) },
    });
    const text = JSON.stringify(entries);
    for (const secret of ['Park Street', '98300', 'Ravi', 'AMB-12', 'System Operator'])
      expect(text).not.toContain(secret);
  });

  it('records nothing when the action’s transaction rolls back', async () => {
    const before = (await allEntries()).length;
    await expect(
      unitOn(database.db)(async (unit) => {
        await context.services.ledger.record(unit, {
          type: 'notice.published',
          payload: { lost: true },
        });
        throw new Error('the action failed after recording');
      }),
    ).rejects.toThrow('the action failed');
    await context.services.ledger.sequence();
    expect((await allEntries()).length).toBe(before);
  });

  it('signs every entry and a checkpoint every 64, verifiable without the ledger’s own code', async () => {
    const start = (await allEntries()).length;
    for (let n = start; n < CHECKPOINT_EVERY * 2 + 5; n++) await record('notice.published', n);
    await context.services.ledger.sequence();
    const entries = await allEntries();
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));

    const jwk = (await (await context.app.request('/api/ledger/public-key')).json()) as {
      kty: string;
      crv: string;
      x: string;
      kid: string;
    };
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', kid: key.publicKey.kid });
    let prevHash = '0'.repeat(64);
    for (const entry of entries) {
      const { seq, type, at, payload } = entry;
      expect(entry.prevHash).toBe(prevHash);
      expect(entry.hash).toBe(referenceSha256Hex(jcs({ seq, type, at, payload, prevHash })));
      expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(referenceVerify(jwk, Buffer.from(entry.hash, 'hex'), entry.signature)).toBe(true);
      prevHash = entry.hash;
    }

    const { items } = (await (await context.app.request('/api/ledger/checkpoints')).json()) as {
      items: LedgerCheckpointView[];
    };
    expect(items.map((c) => c.treeSize)).toEqual([CHECKPOINT_EVERY * 2, CHECKPOINT_EVERY]);
    const hashes = entries.map((e) => e.hash);
    for (const checkpoint of items) {
      expect(checkpoint.rootHash).toBe(referenceRoot(hashes.slice(0, checkpoint.treeSize)));
      const { treeSize, rootHash, at } = checkpoint;
      const digest = createHash('sha256').update(jcs({ treeSize, rootHash, at })).digest();
      expect(referenceVerify(jwk, digest, checkpoint.signature)).toBe(true);
    }
  });

  it('gives the RFC 6962 inclusion and consistency proofs of the reference', async () => {
    const hashes = (await allEntries()).map((e) => e.hash);
    for (const [seq, treeSize] of [
      [1, 1],
      [1, 128],
      [77, 128],
      [128, 128],
      [3, 64],
      [100, hashes.length],
    ] as const) {
      const res = await context.app.request(
        `/api/ledger/entries/${seq}/proof?treeSize=${treeSize}`,
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        seq,
        treeSize,
        leafIndex: seq - 1,
        entryHash: hashes[seq - 1],
        rootHash: referenceRoot(hashes.slice(0, treeSize)),
        auditPath: referenceInclusionPath(hashes.slice(0, treeSize), seq - 1),
      });
    }
    const consistency = await context.app.request('/api/ledger/consistency?from=64&to=128');
    expect(await consistency.json()).toEqual({
      from: 64,
      to: 128,
      fromRoot: referenceRoot(hashes.slice(0, 64)),
      toRoot: referenceRoot(hashes.slice(0, 128)),
      proof: referenceConsistencyProof(hashes.slice(0, 128), 64),
    });
    for (const path of [
      `/api/ledger/entries/5/proof?treeSize=${hashes.length + 1}`,
      '/api/ledger/entries/5/proof?treeSize=4',
      '/api/ledger/consistency?from=9&to=8',
      '/api/ledger/entries/0',
      '/api/ledger/entries?limit=501',
      '/api/ledger/entries?after=-1',
    ])
      expect((await context.app.request(path)).status, path).toBe(400);
    expect((await context.app.request('/api/ledger/entries/999999')).status).toBe(404);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of entries and checkpoints in the database itself', async () => {
    for (const statement of [
      sql`update ledger_entries set type = 'forged' where seq = 1`,
      sql`delete from ledger_entries where seq = 2`,
      sql`truncate ledger_entries`,
      sql`update ledger_checkpoints set root_hash = ${'0'.repeat(64)}`,
      sql`delete from ledger_checkpoints`,
    ])
      await expect(statement.execute(database.db)).rejects.toThrow(/append-only/);
    expect((await allEntries())[0]!.type).not.toBe('forged');
  });

  it('continues one chain across a restart of the server', async () => {
    const before = await allEntries();
    // A new set of services on the same database and key: what a restarted process builds.
    const restarted = createTestServices(database, { events: createTestEvents(), ledgerKey: key });
    await unitOn(database.db)((unit) =>
      restarted.ledger.record(unit, { type: 'notice.published', payload: { after: 'restart' } }),
    );
    await restarted.ledger.sequence();
    const after = await allEntries();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ seq: before.length + 1, prevHash: before.at(-1)!.hash });
    const report = await verifyLedger(
      httpLedgerSource('http://ledger.test', async (url) =>
        context.app.request(url instanceof Request ? url : url.toString()),
      ),
    );
    // Every entry to the newest, the six past the second checkpoint too.
    expect(report).toMatchObject({
      ok: true,
      from: 1,
      to: after.length,
      checked: after.length,
      beyondCheckpoint: after.length - CHECKPOINT_EVERY * 2,
      latestSeq: after.length,
      root: 'rebuilt',
      checkpoint: { treeSize: CHECKPOINT_EVERY * 2 },
    });
    expect(after.length - CHECKPOINT_EVERY * 2).toBe(6);
  });

  it('makes one chain from two processes appending at once', async () => {
    // A second process has its own connections (on PostgreSQL) and its own sequencer.
    const other =
      kind === 'postgres'
        ? await openDatabase({
            kind: 'postgres',
            url: (database as { url?: string }).url ?? '',
          }).catch(() => null)
        : null;
    const second = createTestServices(other ?? database, {
      events: createTestEvents(),
      ledgerKey: key,
    });
    const first = context.services;
    const before = (await allEntries()).length;
    await Promise.all(
      [first, second].flatMap((services, p) =>
        Array.from({ length: 40 }, async (_, i) => {
          await unitOn(other && p === 1 ? other.db : database.db)((unit) =>
            services.ledger.record(unit, { type: 'notice.published', payload: { process: p, i } }),
          );
          await services.ledger.sequence();
        }),
      ),
    );
    await Promise.all([first.ledger.sequence(), second.ledger.sequence()]);
    await other?.close();
    const entries = await allEntries();
    expect(entries).toHaveLength(before + 80);
    entries.forEach((entry, i) => {
      expect(entry.seq).toBe(i + 1);
      if (i > 0) expect(entry.prevHash).toBe(entries[i - 1]!.hash);
    });
  });

  it('makes the command-line verifier fail at exactly the entry whose stored bytes changed', async () => {
    const server = serve({ fetch: context.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const summary = (await (await context.app.request('/api/ledger/summary')).json()) as {
        entries: number;
        latestCheckpoint: LedgerCheckpointView;
      };
      const beyond = summary.entries - summary.latestCheckpoint.treeSize;
      expect(beyond).toBeGreaterThan(1);
      const sound = await run(process.execPath, ['--import', 'tsx', CLI, '--url', url]);
      expect(sound.stdout.split('\n').slice(0, 3)).toEqual([
        expect.stringMatching(
          `^All ${summary.entries.toLocaleString('en')} entries verified: every hash link, hash and signature`,
        ),
        `The Merkle root of checkpoint ${summary.latestCheckpoint.treeSize} was rebuilt from every entry it covers and matches its signed root`,
        `The newest ${beyond} are not yet under a signed checkpoint (one is made every ${CHECKPOINT_EVERY} entries and at least hourly)`,
      ]);

      /** Changes stored entries past the database's own refusal, as someone with its files could. */
      const tamper = async (change: ReturnType<typeof sql>) => {
        await sql`alter table ledger_entries disable trigger ledger_entries_append_only`.execute(
          database.db,
        );
        await change.execute(database.db);
        await sql`alter table ledger_entries enable trigger ledger_entries_append_only`.execute(
          database.db,
        );
        return run(process.execPath, ['--import', 'tsx', CLI, '--url', url]).then(
          (result) => ({ code: 0, stdout: result.stdout }),
          (err: { code: number; stdout: string }) => err,
        );
      };

      // The newest entry, which no checkpoint covers yet, fails like any other.
      const newest = await tamper(
        sql`update ledger_entries set type = type || 'x' where seq = ${summary.entries}`,
      );
      expect(newest.code).toBe(1);
      expect(newest.stdout).toContain(
        `FAILED at entry ${summary.entries}: its hash does not match its contents`,
      );

      const early = await tamper(
        sql`update ledger_entries set payload = replace(payload, 'Entry 41', 'Entry 4l') where seq = 42`,
      );
      expect(early.code).toBe(1);
      expect(early.stdout).toContain('FAILED at entry 42: its hash does not match its contents');
    } finally {
      server.close();
    }
  }, 60_000);
});
