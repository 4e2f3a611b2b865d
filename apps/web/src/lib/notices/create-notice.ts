import { incomingNoticeResponseSchema } from '@smart-city/shared';
import type { CreateNotice, Notice } from '@smart-city/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPost } from '../api-client';
import type { ApiRequestError } from '../api-client';
import { LOCAL_NOTICE_ID_PREFIX, removeNotice, upsertNotice } from './notice-cache';
import type { CachedNotice } from './notice-cache';
import { cachedNotices, isRefusal, NOTICES_PATH, updateNotices } from './notice-list-cache';

/** How often notices waiting to be published are sent again while the page stays open. */
export const PENDING_NOTICE_RETRY_MS = 30_000;

/** POST /api/notices; the author is whoever is signed in, so the body never names one. */
export async function postNotice(input: CreateNotice): Promise<Notice> {
  const body: CreateNotice = { title: input.title, content: input.content };
  if (input.imageUrl) body.imageUrl = input.imageUrl;
  if (input.videoUrl) body.videoUrl = input.videoUrl;
  if (input.linkUrl) body.linkUrl = input.linkUrl;
  return incomingNoticeResponseSchema.parse(await apiPost(NOTICES_PATH, body)).data;
}

export type CreateNoticeResult =
  /** The server has it: the local copy was replaced by the server's. */
  | { status: 'published'; notice: Notice }
  /** The server did not answer: the local copy stays, marked pending, and is sent again later. */
  | { status: 'pending'; notice: CachedNotice }
  /** The server turned it down (a field, the role): nothing is kept. */
  | { status: 'refused'; error: ApiRequestError };

/** A local id; getRandomValues works on plain-http addresses too, where randomUUID does not exist. */
function newLocalId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const random = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${LOCAL_NOTICE_ID_PREFIX}${random}`;
}

/** The server's copy takes the place of the local one it was published from. */
function replaceLocal(queryClient: QueryClient, localId: string, notice: Notice): void {
  updateNotices(queryClient, (notices) => upsertNotice(notices, notice, localId));
}

/**
 * Creates a notice offline-first: saves it locally, then replaces it with the server's copy, or
 * keeps it (pending, sent again later) when the server does not answer. Never throws.
 */
export async function createNotice(
  queryClient: QueryClient,
  input: CreateNotice,
  author: string,
  now: Date = new Date(),
): Promise<CreateNoticeResult> {
  const local: CachedNotice = {
    id: newLocalId(),
    title: input.title,
    content: input.content,
    imageUrl: input.imageUrl ?? null,
    videoUrl: input.videoUrl ?? null,
    linkUrl: input.linkUrl ?? null,
    author,
    createdAt: now.toISOString(),
    pending: true,
  };
  updateNotices(queryClient, (notices) => upsertNotice(notices, local));
  try {
    const notice = await postNotice(input);
    replaceLocal(queryClient, local.id, notice);
    return { status: 'published', notice };
  } catch (error) {
    if (isRefusal(error)) {
      updateNotices(queryClient, (notices) => removeNotice(notices, local.id));
      return { status: 'refused', error };
    }
    console.warn('The notice could not reach the server; it is kept and sent again later', error);
    return { status: 'pending', notice: local };
  }
}

/** `createNotice` on the app's query cache. */
export function useCreateNotice() {
  const queryClient = useQueryClient();
  return (input: CreateNotice, author: string) => createNotice(queryClient, input, author);
}

const retrying = new WeakMap<QueryClient, Promise<void>>();

/**
 * Sends every pending notice again, oldest first. A notice the server rejects as invalid is
 * dropped (it would never pass); any other failure stops the round and keeps the rest for later.
 * Rounds that overlap share one run, so nothing is sent twice.
 */
export function retryPendingNotices(queryClient: QueryClient): Promise<void> {
  const running = retrying.get(queryClient);
  if (running) return running;
  const round = (async () => {
    const pending = cachedNotices(queryClient)
      .filter((notice) => notice.pending)
      .reverse();
    for (const local of pending) {
      try {
        replaceLocal(
          queryClient,
          local.id,
          await postNotice({
            title: local.title,
            content: local.content,
            imageUrl: local.imageUrl ?? undefined,
            videoUrl: local.videoUrl ?? undefined,
            linkUrl: local.linkUrl ?? undefined,
          }),
        );
      } catch (error) {
        if (isRefusal(error) && error.status === 400) {
          console.warn('A saved notice was rejected by the server and is dropped', error);
          updateNotices(queryClient, (notices) => removeNotice(notices, local.id));
          continue;
        }
        return;
      }
    }
  })().finally(() => retrying.delete(queryClient));
  retrying.set(queryClient, round);
  return round;
}

/** While notices wait to be published: sends them again when the browser is back online and every 30 s. */
export function usePendingNoticeRetry(hasPending: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!hasPending) return;
    const retry = () => void retryPendingNotices(queryClient);
    const timer = setInterval(retry, PENDING_NOTICE_RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', retry);
    };
  }, [hasPending, queryClient]);
}
