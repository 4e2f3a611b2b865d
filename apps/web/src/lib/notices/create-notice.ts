import { incomingNoticeResponseSchema, NOTICE_ENDPOINTS } from '@smart-city/shared';
import type { CreateNotice, Notice } from '@smart-city/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { request } from '../api-client';
import type { ApiRequestError } from '../api-client';
import { LOCAL_NOTICE_ID_PREFIX, removeNotice, upsertNotice } from './notice-cache';
import type { CachedNotice } from './notice-cache';
import { cachedNotices, isRefusal, updateNotices } from './notice-list-cache';

/** How often notices waiting to be published are sent again while the page stays open. */
const PENDING_NOTICE_RETRY_MS = 30_000;

/**
 * Publishes a notice; the author is whoever is signed in, so the body never names one. The local
 * copy's id goes with it as its Idempotency-Key: sent again after an answer was lost (from here,
 * or from another tab that holds the same copy), it is published once.
 */
async function postNotice(input: CreateNotice, localId: string): Promise<Notice> {
  const body: CreateNotice = { title: input.title, content: input.content };
  if (input.imageUrl) body.imageUrl = input.imageUrl;
  if (input.videoUrl) body.videoUrl = input.videoUrl;
  if (input.linkUrl) body.linkUrl = input.linkUrl;
  const answer = await request(
    NOTICE_ENDPOINTS.create,
    { body },
    { check: incomingNoticeResponseSchema, headers: { 'Idempotency-Key': localId } },
  );
  return answer.data;
}

export type CreateNoticeResult =
  /** The server has it: the local copy was replaced by the server's. */
  | { status: 'published'; notice: Notice }
  /** The server did not answer: the local copy stays, marked pending, and is sent again later. */
  | { status: 'pending'; notice: CachedNotice }
  /** The server turned it down (a field, the role): the local copy stays, marked not published. */
  | { status: 'refused'; error: ApiRequestError; notice: CachedNotice };

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

/** What the server said when it turned a notice down, in words for its author. */
function refusalReason(error: ApiRequestError): string {
  const issues = error.fieldIssues.map((issue) => `${issue.path}: ${issue.message}`);
  return issues.length > 0 ? issues.join('; ') : (error.serverMessage ?? error.message);
}

/** Marks a local copy as turned down by the server, keeping it and the reason. */
function markRefused(queryClient: QueryClient, local: CachedNotice, error: ApiRequestError) {
  const refused: CachedNotice = { ...local, refusedReason: refusalReason(error) };
  delete refused.pending;
  updateNotices(queryClient, (notices) => upsertNotice(notices, refused));
  return refused;
}

/**
 * Creates a notice offline-first: saves it locally, then replaces it with the server's copy, keeps
 * it (pending, sent again later) when the server does not answer, or keeps it marked not published
 * with the server's reason when the server turns it down. `replacing` is the local copy an edit
 * takes the place of. Never throws.
 */
export async function createNotice(
  queryClient: QueryClient,
  input: CreateNotice,
  author: string,
  now: Date = new Date(),
  replacing?: string,
): Promise<CreateNoticeResult> {
  const local: CachedNotice = {
    id: replacing ?? newLocalId(),
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
    const notice = await postNotice(input, local.id);
    replaceLocal(queryClient, local.id, notice);
    return { status: 'published', notice };
  } catch (error) {
    if (isRefusal(error)) {
      return { status: 'refused', error, notice: markRefused(queryClient, local, error) };
    }
    console.warn('The notice could not reach the server; it is kept and sent again later', error);
    return { status: 'pending', notice: local };
  }
}

/** `createNotice` on the app's query cache. */
export function useCreateNotice() {
  const queryClient = useQueryClient();
  return (input: CreateNotice, author: string, replacing?: string) =>
    createNotice(queryClient, input, author, new Date(), replacing);
}

function inputOf(local: CachedNotice): CreateNotice {
  return {
    title: local.title,
    content: local.content,
    imageUrl: local.imageUrl ?? undefined,
    videoUrl: local.videoUrl ?? undefined,
    linkUrl: local.linkUrl ?? undefined,
  };
}

/**
 * Sends a notice the server turned down once more, as it is: published, turned down again (with
 * the new reason), or pending when the server does not answer.
 */
export async function retryRefusedNotice(
  queryClient: QueryClient,
  local: CachedNotice,
): Promise<CreateNoticeResult['status']> {
  try {
    replaceLocal(queryClient, local.id, await postNotice(inputOf(local), local.id));
    return 'published';
  } catch (error) {
    if (isRefusal(error)) {
      markRefused(queryClient, local, error);
      return 'refused';
    }
    const pending: CachedNotice = { ...local, pending: true };
    delete pending.refusedReason;
    updateNotices(queryClient, (notices) => upsertNotice(notices, pending));
    return 'pending';
  }
}

/** Deletes a notice that exists on this device only. */
export function deleteLocalNotice(queryClient: QueryClient, id: string): void {
  updateNotices(queryClient, (notices) => removeNotice(notices, id));
}

const retrying = new WeakMap<QueryClient, Promise<void>>();

/**
 * Sends every pending notice again, oldest first. A notice the server rejects as invalid is marked
 * not published (it would never pass as it is); any other failure stops the round and keeps the
 * rest for later.
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
        replaceLocal(queryClient, local.id, await postNotice(inputOf(local), local.id));
      } catch (error) {
        if (isRefusal(error) && error.status === 400) {
          // It would never pass as it is: kept for its author to edit, marked not published.
          console.warn('A saved notice was turned down by the server', error);
          markRefused(queryClient, local, error);
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
