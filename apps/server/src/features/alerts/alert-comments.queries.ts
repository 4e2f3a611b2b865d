import type { Kysely } from 'kysely';
import { exampleAlert, type QueryExamples } from '../../db/query-snapshots';
import type { Database } from '../../db/schema';
import * as repository from './alert-comments.repository';
import { insertRaisedAlerts } from './alerts.repository';

const at = new Date('2026-11-20T10:00:00.000Z');

const alert = exampleAlert(at);

/** A comment needs its alert (alert_comments.alert_id references alerts). */
export async function setup(db: Kysely<Database>) {
  await insertRaisedAlerts(db, [alert], at);
}

export const examples: QueryExamples<typeof repository> = {
  insertComment: (db) =>
    repository.insertComment(db, {
      id: 'comment-example',
      alert_id: alert.id,
      author_id: 'operator-example',
      author_name: 'Ananya Sen',
      author_role: 'operator',
      body: '@Rahul Das the crew is on its way.',
      mentions: [{ id: 'operator-other', name: 'Rahul Das' }],
      created_at: at,
    }),
  listComments: (db) => repository.listComments(db, alert.id, { limit: 50 }),
};
