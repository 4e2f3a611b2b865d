import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, EmailOutboxRow } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** An e-mail to send: its template and the values it is filled with, in one language. */
export type NewEmail = {
  dedupe_key: string;
  to_address: string;
  template: string;
  language: string;
  params: Record<string, unknown>;
};

/**
 * Queues e-mails in the caller's transaction, in one statement; one whose dedupe key is queued
 * already (the same notification offered twice) is not queued again.
 */
export async function enqueueEmails(
  db: Db,
  emails: readonly NewEmail[],
  at: Date,
): Promise<number> {
  if (emails.length === 0) return 0;
  const col = <T>(pick: (email: NewEmail) => T) => emails.map(pick);
  const result = await sql`
    insert into email_outbox (dedupe_key, to_address, template, language, params, next_attempt_at,
      created_at)
    select u.dedupe_key, u.to_address, u.template, u.language, u.params::jsonb, ${at}, ${at}
    from unnest(${col((e) => e.dedupe_key)}::text[], ${col((e) => e.to_address)}::text[],
      ${col((e) => e.template)}::text[], ${col((e) => e.language)}::text[],
      ${col((e) => JSON.stringify(e.params))}::text[])
      as u(dedupe_key, to_address, template, language, params)
    on conflict (dedupe_key) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Takes up to `limit` e-mails that are due and held by no sender, holding each until `holdUntil`
 * and counting the attempt. `skip locked` lets several processes take different e-mails at once;
 * the hold keeps an e-mail from a second sender while the first is talking to the SMTP server.
 */
export async function claimDueEmails(
  db: Db,
  now: Date,
  holdUntil: Date,
  limit: number,
): Promise<EmailOutboxRow[]> {
  const result = await sql<EmailOutboxRow>`
    update email_outbox o set locked_until = ${holdUntil}, attempts = o.attempts + 1
    from (
      select id from email_outbox
      where status = 'pending' and next_attempt_at <= ${now}
        and (locked_until is null or locked_until <= ${now})
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    ) due
    where o.id = due.id
    returning o.*`.execute(db);
  return result.rows
    .map((row) => ({ ...row, id: String(row.id) }))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/** Records that the SMTP server took an e-mail. */
export async function markEmailSent(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: 'sent', sent_at: at, locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Records a failed attempt: tried again at `retryAt`, or given up when `retryAt` is null. */
export async function markEmailFailed(
  db: Db,
  id: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({
      status: retryAt ? 'pending' : 'failed',
      next_attempt_at: retryAt ?? sql`next_attempt_at`,
      locked_until: null,
      last_error: error.slice(0, 500),
    })
    .where('id', '=', id)
    .execute();
}

/** The outbox's e-mails by status, for the metrics and the tests. */
export function countEmailsByStatus(db: Db): Promise<{ status: string; count: number }[]> {
  return db
    .selectFrom('email_outbox')
    .select(['status', sql<number>`count(*)::int`.as('count')])
    .groupBy('status')
    .execute();
}
