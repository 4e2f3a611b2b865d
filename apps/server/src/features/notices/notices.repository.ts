import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, NoticeRow, NoticesTable } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Every notice, newest first (ties broken by id so the order is stable). */
export function listNotices(db: Db, limit?: number): Promise<NoticeRow[]> {
  const query = db
    .selectFrom('notices')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  return (limit === undefined ? query : query.limit(limit)).execute();
}

export function findNotice(db: Db, id: string): Promise<NoticeRow | undefined> {
  return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertNotice(db: Db, notice: Insertable<NoticesTable>): Promise<NoticeRow> {
  return db.insertInto('notices').values(notice).returningAll().executeTakeFirstOrThrow();
}

/** Changes a notice; undefined when there is no such notice. */
export function updateNotice(
  db: Db,
  id: string,
  change: Updateable<NoticesTable>,
): Promise<NoticeRow | undefined> {
  return db
    .updateTable('notices')
    .set(change)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Removes a notice; the removed row, or undefined when there was none. */
export function deleteNotice(db: Db, id: string): Promise<NoticeRow | undefined> {
  return db.deleteFrom('notices').where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Records an Idempotency-Key for a notice about to be published. False when the author used the
 * key already: the primary key makes a concurrent attempt wait for the first one's transaction,
 * then find its row.
 */
export async function claimNoticeKey(
  db: Db,
  claim: { userId: string; key: string; requestHash: string; noticeId: string; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('notice_idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      request_hash: claim.requestHash,
      notice_id: claim.noticeId,
      created_at: claim.at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The notice an author's key published, and the hash of the body it came with. */
export function findNoticeKey(db: Db, userId: string, key: string) {
  return db
    .selectFrom('notice_idempotency_keys')
    .select(['request_hash', 'notice_id'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}
