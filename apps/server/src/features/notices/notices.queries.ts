import type { QueryExamples } from '../../db/query-snapshots';
import * as repository from './notices.repository';

const notice = {
  id: 'notice-example',
  title: 'Water supply interrupted',
  content: 'Ward 12, 10:00 to 14:00.',
  author: 'City administration',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

export const examples: QueryExamples<typeof repository> = {
  listNotices: (db) => repository.listNotices(db, 20),
  findNotice: (db) => repository.findNotice(db, notice.id),
  insertNotice: (db) => repository.insertNotice(db, notice),
  claimNoticeKey: (db) =>
    repository.claimNoticeKey(db, {
      userId: 'user-example',
      key: 'local-0f3a',
      requestHash: 'a'.repeat(64),
      noticeId: notice.id,
      at: new Date(notice.created_at),
    }),
  findNoticeKey: (db) => repository.findNoticeKey(db, 'user-example', 'local-0f3a'),
  updateNotice: (db) => repository.updateNotice(db, notice.id, { title: 'Water supply restored' }),
  deleteNotice: (db) => repository.deleteNotice(db, notice.id),
};
