import type { CreateNotice } from '@smart-city/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { newIdempotencyKey } from '../idempotency-key';
import { LOCAL_NOTICE_ID_PREFIX, removeNotice, upsertNotice } from './notice-cache';
import type { CachedNotice } from './notice-cache';
import { updateNotices } from './notice-list-cache';
import { sendNotice } from './notice-outbox';
import type { OutboxOutcome } from './notice-outbox';

export type CreateNoticeResult = OutboxOutcome;

/** A local id, which is also the notice's Idempotency-Key when it is sent. */
function newLocalId(): string {
  return `${LOCAL_NOTICE_ID_PREFIX}${newIdempotencyKey()}`;
}

/** Shows a local copy as waiting to publish and puts it in the outbox. */
function saveAndSend(queryClient: QueryClient, local: CachedNotice): Promise<OutboxOutcome> {
  updateNotices(queryClient, (notices) => upsertNotice(notices, local));
  return sendNotice(queryClient, local);
}

/**
 * Creates a notice offline-first: saves it locally, then replaces it with the server's copy, keeps
 * it (pending, sent again later) when the server does not answer, or keeps it marked not published
 * with the server's reason when the server turns it down. `replacing` is the local copy an edit
 * takes the place of. Never throws.
 */
export function createNotice(
  queryClient: QueryClient,
  input: CreateNotice,
  author: string,
  now: Date = new Date(),
  replacing?: string,
): Promise<CreateNoticeResult> {
  return saveAndSend(queryClient, {
    id: replacing ?? newLocalId(),
    title: input.title,
    content: input.content,
    imageUrl: input.imageUrl ?? null,
    videoUrl: input.videoUrl ?? null,
    linkUrl: input.linkUrl ?? null,
    author,
    createdAt: now.toISOString(),
    pending: true,
  });
}

/** `createNotice` on the app's query cache. */
export function useCreateNotice() {
  const queryClient = useQueryClient();
  return (input: CreateNotice, author: string, replacing?: string) =>
    createNotice(queryClient, input, author, new Date(), replacing);
}

/**
 * Sends a notice the server turned down once more, as it is: published, turned down again (with
 * the new reason), or pending when the server does not answer.
 */
export async function retryRefusedNotice(
  queryClient: QueryClient,
  local: CachedNotice,
): Promise<CreateNoticeResult['status']> {
  const pending: CachedNotice = { ...local, pending: true };
  delete pending.refusedReason;
  return (await saveAndSend(queryClient, pending)).status;
}

/** Deletes a notice that exists on this device only. */
export function deleteLocalNotice(queryClient: QueryClient, id: string): void {
  updateNotices(queryClient, (notices) => removeNotice(notices, id));
}
