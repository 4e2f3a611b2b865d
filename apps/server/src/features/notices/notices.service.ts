import { randomUUID } from 'node:crypto';
import { type CreateNotice, type Notice, type Role, type UpdateNotice } from '@smart-city/shared';
import type { Kysely, Updateable } from 'kysely';
import type { Database, NoticeRow, NoticesTable } from '../../db/schema';
import type { DomainEvents } from '../../live/domain-events';
import { publicActor, type LedgerService } from '../ledger/ledger.service';
import {
  claimNoticeKey,
  deleteNotice,
  findNotice,
  findNoticeKey,
  insertNotice,
  listNotices,
  updateNotice,
} from './notices.repository';
import { Conflict, NotFound } from '../../lib/domain-errors';
import { requestHash } from '../../lib/request-hash';
import { createUnitOfWork } from '../../lib/unit-of-work';

/** Maps a stored notice to the contract's shape. */
function presentNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    imageUrl: row.image_url,
    videoUrl: row.video_url,
    linkUrl: row.link_url,
    author: row.author,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function noticeNotFound(id: string) {
  return new NotFound(`No notice with id "${id}"`);
}

/** Who publishes: the signed-in admin. Their name is what readers see under the title. */
export type NoticeAuthor = { id: string; name: string; email: string; role: Role };

export type NoticesService = ReturnType<typeof createNoticesService>;

export function createNoticesService(deps: {
  db: Kysely<Database>;
  events: DomainEvents;
  /** Published notices go on the public record. */
  ledger: LedgerService;
  now: () => Date;
}) {
  const { db } = deps;
  const unitOfWork = createUnitOfWork(db, deps.events);

  return {
    /** Every notice, newest first. */
    async list(): Promise<Notice[]> {
      return (await listNotices(db)).map(presentNotice);
    },

    /** The newest `limit` notices, newest first. */
    async latest(limit: number): Promise<Notice[]> {
      return (await listNotices(db, limit)).map(presentNotice);
    },

    async get(id: string): Promise<Notice> {
      const row = await findNotice(db, id);
      if (!row) throw noticeNotFound(id);
      return presentNotice(row);
    },

    /**
     * Publishes a notice under the author's name and tells every connected client once stored.
     * With an Idempotency-Key, the same key and body give back the notice published the first time
     * (`replayed`, nothing recorded or announced again), and the same key with another body is
     * refused.
     */
    async create(
      body: CreateNotice,
      author: NoticeAuthor,
      idempotencyKey?: string,
    ): Promise<{ notice: Notice; replayed: boolean }> {
      const now = deps.now();
      const id = randomUUID();
      return unitOfWork(async (unit) => {
        if (idempotencyKey !== undefined) {
          const hash = requestHash(body);
          const claim = { userId: author.id, key: idempotencyKey, requestHash: hash, noticeId: id };
          if (!(await claimNoticeKey(unit.trx, { ...claim, at: now }))) {
            const earlier = await findNoticeKey(unit.trx, author.id, idempotencyKey);
            const published = earlier && (await findNotice(unit.trx, earlier.notice_id));
            if (earlier?.request_hash !== hash || !published) {
              throw new Conflict(
                'This Idempotency-Key was already used for a different notice; use a new key for a new notice.',
              );
            }
            return { notice: presentNotice(published), replayed: true };
          }
        }
        const inserted = await insertNotice(unit.trx, {
          id,
          title: body.title,
          content: body.content,
          image_url: body.imageUrl ?? null,
          video_url: body.videoUrl ?? null,
          link_url: body.linkUrl ?? null,
          author: author.name.trim() || author.email,
          author_id: author.id,
          created_at: now,
          updated_at: now,
        });
        await deps.ledger.record(unit, {
          type: 'notice.published',
          payload: {
            noticeId: inserted.id,
            title: inserted.title,
            content: inserted.content,
            by: publicActor(author),
          },
          at: now,
          ref: `notice:${inserted.id}`,
        });
        const notice = presentNotice(inserted);
        unit.publish('notice:created', notice);
        return { notice, replayed: false };
      });
    },

    /**
     * Changes the fields given; a link set to null is removed. Author and date stay as published;
     * the change goes on the public record with the notice as it reads now.
     */
    async update(id: string, body: UpdateNotice, editor: NoticeAuthor): Promise<Notice> {
      const now = deps.now();
      const change: Updateable<NoticesTable> = { updated_at: now };
      if (body.title !== undefined) change.title = body.title;
      if (body.content !== undefined) change.content = body.content;
      if (body.imageUrl !== undefined) change.image_url = body.imageUrl;
      if (body.videoUrl !== undefined) change.video_url = body.videoUrl;
      if (body.linkUrl !== undefined) change.link_url = body.linkUrl;
      const row = await unitOfWork(async (unit) => {
        const updated = await updateNotice(unit.trx, id, change);
        if (!updated) throw noticeNotFound(id);
        await deps.ledger.record(unit, {
          type: 'notice.edited',
          payload: {
            noticeId: updated.id,
            title: updated.title,
            content: updated.content,
            by: publicActor(editor),
          },
          at: now,
          ref: `notice:${updated.id}:edit:${randomUUID()}`,
        });
        return updated;
      });
      return presentNotice(row);
    },

    /** Removes a notice; the public record keeps that it was published and that it was removed. */
    async remove(id: string, remover: NoticeAuthor): Promise<void> {
      const now = deps.now();
      await unitOfWork(async (unit) => {
        const removed = await deleteNotice(unit.trx, id);
        if (!removed) throw noticeNotFound(id);
        await deps.ledger.record(unit, {
          type: 'notice.removed',
          payload: { noticeId: removed.id, title: removed.title, by: publicActor(remover) },
          at: now,
          ref: `notice:${removed.id}:removed`,
        });
      });
    },
  };
}
