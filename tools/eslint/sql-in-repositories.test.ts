import { describe, expect, it } from 'vitest';
import { lintWith } from './lint-with';

const lint = (file: string, code: string) => lintWith('sql-in-repositories', file, code);

const SQL_TAG =
  "`sql` from 'kysely' belongs in a *.repository.ts; call a repository function instead.";
const BUILDER = (name: string) =>
  `\`${name}\` starts a query: it belongs in a *.repository.ts; call a repository function instead.`;
const RAW =
  'Raw SQL through `.query(…)` belongs in a *.repository.ts (or a migration); call a repository function instead.';

const NAMESPACE = (name: string) =>
  `\`import * as ${name} from 'kysely'\` reaches its sql tag: import the types you need by name, and leave SQL to a *.repository.ts.`;
const COMPILED_RAW =
  'Raw SQL through `CompiledQuery.raw(…)` belongs in a *.repository.ts; call a repository function instead.';

const SERVICE = 'apps/server/src/features/alerts/alerts.service.ts';

describe('boundaries/sql-in-repositories', () => {
  it("stops a service importing kysely's sql tag, also through a re-export", () => {
    expect(lint(SERVICE, "import { sql, type Kysely } from 'kysely';")).toEqual([SQL_TAG]);
    expect(lint(SERVICE, "import { sql as raw } from 'kysely';")).toEqual([SQL_TAG]);
    expect(lint('apps/server/src/lib/q.ts', "export { sql } from 'kysely';")).toEqual([SQL_TAG]);
  });

  it('stops a service starting a Kysely query', () => {
    const code = [
      'db.selectFrom("alerts").selectAll().execute();',
      'trx.insertInto("alerts").values(row).execute();',
      'db.updateTable("alerts").set(s).execute();',
      'db.deleteFrom("alerts").execute();',
      'db.mergeInto("alerts").execute();',
      'db.replaceInto("alerts").execute();',
      'db.selectNoFrom((eb) => eb.val(1)).execute();',
    ].join('\n');
    expect(lint(SERVICE, code)).toEqual([
      BUILDER('selectFrom'),
      BUILDER('insertInto'),
      BUILDER('updateTable'),
      BUILDER('deleteFrom'),
      BUILDER('mergeInto'),
      BUILDER('replaceInto'),
      BUILDER('selectNoFrom'),
    ]);
  });

  it('stops the sql tag reached through a namespace, and raw compiled queries', () => {
    expect(lint(SERVICE, "import * as k from 'kysely';\nk.sql`select 1`.execute(db);")).toEqual([
      NAMESPACE('k'),
    ]);
    expect(lint('apps/server/src/lib/k.ts', "export * as kysely from 'kysely';")).toEqual([
      NAMESPACE('kysely'),
    ]);
    expect(
      lint(
        SERVICE,
        "import { CompiledQuery } from 'kysely';\nawait db.executeQuery(CompiledQuery.raw('delete from alerts', []));",
      ),
    ).toEqual([COMPILED_RAW]);
    // Types through a namespace are only types.
    expect(lint(SERVICE, "import type * as K from 'kysely';")).toEqual([]);
  });

  it('stops raw SQL strings on a pg pool or client', () => {
    const file = 'apps/server/src/live/live-adapter.ts';
    expect(lint(file, "await pool.query('CREATE TABLE t (id int)');")).toEqual([RAW]);
    expect(lint(file, 'await client.query(`SELECT ${1}`);')).toEqual([RAW]);
    expect(lint(file, "await pool.query({ text: 'SELECT 1', values: [] });")).toEqual([RAW]);
  });

  it('allows SQL in repositories, migrations, the seed, tests and test helpers', () => {
    const code = [
      "import { sql, CompiledQuery } from 'kysely';",
      "import * as k from 'kysely';",
      'db.selectFrom("alerts").selectAll().execute();',
      "db.executeQuery(CompiledQuery.raw('select 1', []));",
      "pool.query('SELECT 1');",
    ].join('\n');
    for (const file of [
      'apps/server/src/features/alerts/alerts.repository.ts',
      'apps/server/src/auth/account.repository.ts',
      'apps/server/src/db/migrations/0001-cities-sensors-users.ts',
      'apps/server/src/db/seed.ts',
      'apps/server/src/features/alerts/alerts.test.ts',
      'apps/server/src/test/databases.ts',
    ]) {
      expect(lint(file, code), file).toEqual([]);
    }
  });

  it('allows Kysely types, transactions and queries that are not SQL anywhere', () => {
    expect(
      lint(
        SERVICE,
        [
          "import type { Kysely, Transaction } from 'kysely';",
          "import { type Selectable } from 'kysely';",
          'await db.transaction().execute(async (trx) => repo.save(trx));',
          'const { data } = useQuery(options);',
          'client.query(builtQuery);',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('leaves code outside the server alone', () => {
    expect(
      lint('bench/ingest.ts', "import { sql } from 'kysely'; pool.query('SELECT 1');"),
    ).toEqual([]);
  });
});
