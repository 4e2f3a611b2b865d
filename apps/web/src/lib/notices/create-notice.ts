import { incomingNoticeResponseSchema } from '@smart-city/shared';
import type { CreateNotice, Notice } from '@smart-city/shared';
import { useEffect } from 'react';
import { apiPost } from '../api-client';
import type { ApiRequestError } from '../api-client';
import { LOCAL_NOTICE_ID_PREFIX, upsertNotice, type CachedNotice } from './notice-cache';
import {
  forgetNotice,
  getNoticesState,
  isRefusal,
  NOTICES_PATH,
  replaceLocalNotice,
  setCachedNotices,
  setNoticesOffline,
  useNoticesState,
} from './notices-store';

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

/**
 * The spec's create: saves the notice locally first, then replaces it with the server's copy, or
 * keeps it (pending, retried later) when the server does not answer. Never throws.
 */
export async function createNotice(
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
  setCachedNotices(upsertNotice(getNoticesState().notices, local));
  try {
    const notice = await postNotice(input);
    replaceLocalNotice(local.id, notice);
    setNoticesOffline(false);
    return { status: 'published', notice };
  } catch (error) {
    if (isRefusal(error)) {
      forgetNotice(local.id);
      return { status: 'refused', error };
    }
    console.warn('The notice could not reach the server; it is kept and sent again later', error);
    setNoticesOffline(true);
    return { status: 'pending', notice: local };
  }
}

let retrying: Promise<void> | null = null;

/**
 * Sends every pending notice again, oldest first. A notice the server rejects as invalid is
 * dropped (it would never pass); any other failure stops the round and keeps the rest for later.
 */
export function retryPendingNotices(): Promise<void> {
  retrying ??= (async () => {
    const pending = getNoticesState()
      .notices.filter((notice) => notice.pending)
      .reverse();
    for (const local of pending) {
      try {
        replaceLocalNotice(
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
          forgetNotice(local.id);
          continue;
        }
        return;
      }
    }
  })().finally(() => {
    retrying = null;
  });
  return retrying;
}

/** While notices wait to be published: sends them again when the browser is back online and every 30 s. */
export function usePendingNoticeRetry(): void {
  const hasPending = useNoticesState().notices.some((notice) => notice.pending);
  useEffect(() => {
    if (!hasPending) return;
    const retry = () => void retryPendingNotices();
    const timer = setInterval(retry, PENDING_NOTICE_RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', retry);
    };
  }, [hasPending]);
}
