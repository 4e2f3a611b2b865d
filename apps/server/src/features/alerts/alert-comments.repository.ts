import type { Kysely, Transaction } from 'kysely';
import type { AlertCommentRow, Database } from '../../db/schema';
import type { PageCursor } from '../../http/page-cursor';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertComment(
  db: Db,
  comment: Omit<AlertCommentRow, 'mentions'> & { mentions: { id: string; name: string }[] },
): Promise<AlertCommentRow> {
  return db
    .insertInto('alert_comments')
    .values({ ...comment, mentions: JSON.stringify(comment.mentions) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An alert's comments oldest first, after `cursor`. */
export function listComments(
  db: Db,
  alertId: string,
  options: { limit: number; cursor?: PageCursor },
): Promise<AlertCommentRow[]> {
  let query = db.selectFrom('alert_comments').selectAll().where('alert_id', '=', alertId);
  const { cursor } = options;
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', cursor.createdAt),
        eb.and([eb('created_at', '=', cursor.createdAt), eb('id', '>', cursor.id)]),
      ]),
    );
  }
  return query.orderBy('created_at').orderBy('id').limit(options.limit).execute();
}
