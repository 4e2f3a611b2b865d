import {
  CITY_KEYS,
  DEMO_ACCOUNTS,
  roleSchema,
  type CreateContract,
  type CreateNotice,
  type EscalationPolicyCreate,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from './db/schema';
import {
  claimStarterContent,
  findAccountByEmail,
  releaseStarterContent,
} from './db/starter-content.repository';
import type { Services } from './services';

/**
 * The escalation every city starts with: a critical alert nobody acknowledges reaches the operators
 * after 10 minutes and the admins after 30.
 */
const STARTER_ESCALATION_STEPS: EscalationPolicyCreate['steps'] = [
  { afterSeconds: 10 * 60, action: 'notify', audience: 'operators' },
  { afterSeconds: 30 * 60, action: 'notify', audience: 'admins' },
];

/** The notices a demo install opens with, oldest first (the last one shows as the newest). */
export const STARTER_NOTICES: readonly CreateNotice[] = [
  {
    title: 'Kharagpur: water supply pause on Sunday',
    content:
      'Supply to Railway Colony and Hijli pauses on Sunday from 10:00 to 14:00 while the main near Inda Market is repaired.\n\nPlease store water the night before. Tankers will stand at Kharagpur Station and at the Hijli bus stop during the pause.',
  },
  {
    title: 'New York: ozone on hot afternoons',
    content:
      'On hot, still afternoons ozone builds up across the city. When the air quality index on the dashboard passes 100, people with asthma, children and older adults should cut long outdoor exercise between 2 pm and 7 pm.\n\nThe Alerts screen says when a neighbourhood sensor crosses the line.',
  },
  {
    title: 'Kolkata: storm drains cleared before the monsoon',
    content:
      'Municipal crews are clearing storm drains ward by ward before the rains. Expect lanes closed at night (22:00 to 05:00) on Park Street, around Esplanade and near Sealdah Station for the rest of the month.\n\nIf water stands on your street after a shower, book the city services from the Services screen.',
  },
];

/** The civic contract a demo install opens with, so the ledger has a contract to show. */
export const STARTER_CONTRACT: CreateContract = {
  name: 'Howrah Bridge approach resurfacing',
  type: 'public_works',
  description:
    'Resurfacing of the eastern approach to Howrah Bridge and the bus bays at its foot, done in night shifts so the bridge stays open by day. Work is planned over twelve weeks; the contractor reports progress monthly on this record.',
  status: 'active',
};

type StarterDeps = {
  db: Kysely<Database>;
  services: Pick<Services, 'notices' | 'contracts' | 'escalationPolicies'>;
  now: () => Date;
  logger: Logger;
};

/** Who gives the starter content: the demo admin, so the notices and the ledger name an admin. */
async function demoAdmin(db: Kysely<Database>) {
  const demo = DEMO_ACCOUNTS.find((account) => account.role === 'admin');
  const account = demo ? await findAccountByEmail(db, demo.email) : undefined;
  const role = roleSchema.safeParse(account?.role);
  if (!account || !role.success || role.data !== 'admin') return null;
  return { id: account.id, name: account.name, email: account.email, role: role.data };
}

/**
 * Gives one piece once: claimed first, so a restart or a second process adds nothing; given back
 * when writing it failed, so the next start tries again.
 */
async function once(deps: StarterDeps, name: string, give: () => Promise<void>): Promise<boolean> {
  if (!(await claimStarterContent(deps.db, name, deps.now()))) return false;
  try {
    await give();
    return true;
  } catch (err) {
    await releaseStarterContent(deps.db, name);
    throw err;
  }
}

/**
 * Fills a fresh demo install with what a running city has (see decision 0025): an escalation
 * policy per city, a few notices and one contract. Only for the demo data, after the demo accounts
 * are seeded; each piece is given once in the life of the database. Returns the pieces given now.
 */
export async function seedStarterContent(deps: StarterDeps): Promise<string[]> {
  const admin = await demoAdmin(deps.db);
  if (!admin) return [];
  const given: string[] = [];
  const give = async (name: string, write: () => Promise<void>) => {
    if (await once(deps, name, write)) given.push(name);
  };

  for (const city of CITY_KEYS) {
    await give(`escalation-policy:${city}`, async () => {
      const existing = await deps.services.escalationPolicies.list({ city, limit: 100 });
      // An admin who already set this city's critical default keeps it.
      const taken = existing.items.some(
        (policy) => policy.severity === 'critical' && policy.sensorType === null,
      );
      if (taken) return;
      await deps.services.escalationPolicies.create(
        { city, severity: 'critical', sensorType: null, steps: STARTER_ESCALATION_STEPS },
        admin.id,
      );
    });
  }
  await give('notices', async () => {
    for (const notice of STARTER_NOTICES) await deps.services.notices.create(notice, admin);
  });
  await give('contract', async () => {
    await deps.services.contracts.create(STARTER_CONTRACT, admin);
  });
  if (given.length > 0) deps.logger.info({ given }, 'starter content seeded');
  return given;
}
