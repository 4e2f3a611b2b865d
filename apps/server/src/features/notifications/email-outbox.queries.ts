import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './email-outbox.repository';

const at = new Date('2026-11-20T10:00:00.000Z');
const params = { recipientName: 'Ananya Sen', alertTitle: 'Unhealthy air quality at Gariahat' };
const emails: repository.NewEmail[] = [
  {
    dedupe_key: 'notification:notification-example-1',
    to_address: 'ananya@example.com',
    template: 'escalated',
    language: 'en',
    params,
  },
  {
    dedupe_key: 'notification:notification-example-2',
    to_address: 'rahul@example.com',
    template: 'escalated',
    language: 'bn',
    params: { ...params, recipientName: 'Rahul Das' },
  },
];

export const examples: QueryExamples<typeof repository> = {
  enqueueEmails: (db) => repository.enqueueEmails(db, emails, at),
  claimDueEmails: (db) =>
    repository.claimDueEmails(db, at, new Date('2026-11-20T10:01:00.000Z'), 10),
  // The ids of the two e-mails enqueueEmails queued.
  markEmailSent: (db) => repository.markEmailSent(db, '1', new Date('2026-11-20T10:00:05.000Z')),
  markEmailFailed: (db) =>
    repository.markEmailFailed(
      db,
      '2',
      '451 4.3.0 Mail server temporarily rejected message',
      new Date('2026-11-20T10:05:00.000Z'),
    ),
  countEmailsByStatus: (db) => repository.countEmailsByStatus(db),
};
