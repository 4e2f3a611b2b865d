import { inspect } from 'node:util';
import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration';
import * as m0001 from './migrations/0001-cities-sensors-users';
import * as m0002 from './migrations/0002-sign-in-failures';
import * as m0003 from './migrations/0003-notification-preferences';
import * as m0004 from './migrations/0004-server-secrets';
import * as m0005 from './migrations/0005-sensor-pipeline';
import * as m0006 from './migrations/0006-notices';
import * as m0007 from './migrations/0007-live-attachments';
import * as m0008 from './migrations/0008-sensors-at-scale';
import * as m0009 from './migrations/0009-ledger';
import * as m0010 from './migrations/0010-emergency-bookings';
import * as m0011 from './migrations/0011-statement-charges';
import * as m0012 from './migrations/0012-alert-workflow';
import * as m0013 from './migrations/0013-raw-readings-at-scale';
import * as m0014 from './migrations/0014-account-language';
import * as m0015 from './migrations/0015-profile-area';
import * as m0016 from './migrations/0016-booking-reference';
import * as m0018 from './migrations/0018-starter-content';
import * as m0019 from './migrations/0019-readings-stored-once';
import * as m0020 from './migrations/0020-server-processes';
import * as m0021 from './migrations/0021-sensors-pending';
import * as m0022 from './migrations/0022-alert-shelving';
import * as m0023 from './migrations/0023-maintenance-windows';
import * as m0024 from './migrations/0024-alert-groups';
import * as m0025 from './migrations/0025-alert-chattering';
import * as m0026 from './migrations/0026-alert-pending';
import * as m0027 from './migrations/0027-alert-facts';
import * as m0029 from './migrations/0029-kept-counts';
import * as m0030 from './migrations/0030-readings-partitions';
import * as m0031 from './migrations/0031-readings-covering-key';
import * as m0032 from './migrations/0032-schema-notes';
import * as m0033 from './migrations/0033-notice-idempotency-keys';
import * as m0034 from './migrations/0034-citizen-reports';
import * as m0035 from './migrations/0035-open311';
import * as m0036 from './migrations/0036-report-notifications';
import * as m0037 from './migrations/0037-report-figures';
import * as m0038 from './migrations/0038-open-data';
import * as m0039 from './migrations/0039-observations-time-index';

/**
 * Every migration, in order. Names are permanent once released: a new change is a new entry.
 * Listed statically (not read from disk) so the same code runs from source, tests and bundles.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-cities-sensors-users': m0001,
  '0002-sign-in-failures': m0002,
  '0003-notification-preferences': m0003,
  '0004-server-secrets': m0004,
  '0005-sensor-pipeline': m0005,
  '0006-notices': m0006,
  '0007-live-attachments': m0007,
  '0008-sensors-at-scale': m0008,
  '0009-ledger': m0009,
  '0010-emergency-bookings': m0010,
  '0011-statement-charges': m0011,
  '0012-alert-workflow': m0012,
  '0013-raw-readings-at-scale': m0013,
  '0014-account-language': m0014,
  '0015-profile-area': m0015,
  '0016-booking-reference': m0016,
  '0018-starter-content': m0018,
  '0019-readings-stored-once': m0019,
  '0020-server-processes': m0020,
  '0021-sensors-pending': m0021,
  '0022-alert-shelving': m0022,
  '0023-maintenance-windows': m0023,
  '0024-alert-groups': m0024,
  '0025-alert-chattering': m0025,
  '0026-alert-pending': m0026,
  '0027-alert-facts': m0027,
  '0029-kept-counts': m0029,
  '0030-readings-partitions': m0030,
  '0031-readings-covering-key': m0031,
  '0032-schema-notes': m0032,
  '0033-notice-idempotency-keys': m0033,
  '0034-citizen-reports': m0034,
  '0035-open311': m0035,
  '0036-report-notifications': m0036,
  '0037-report-figures': m0037,
  '0038-open-data': m0038,
  '0039-observations-time-index': m0039,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against no fixed schema
function migratorOf(db: Kysely<any>) {
  return new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
}

/**
 * Brings the schema to the version `name` leaves it in (a test of a later migration starts from a
 * database as an earlier release left it); throws the first failure.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against no fixed schema
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  if (!(name in MIGRATIONS)) throw new Error(`No migration ${name}`);
  const result = await migratorOf(db).migrateTo(name);
  if (result.error)
    throw result.error instanceof Error ? result.error : new Error(inspect(result.error));
}

/** Brings the schema to the latest version; throws the first failure. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against no fixed schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const result: MigrationResultSet = await migratorOf(db).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : inspect(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
