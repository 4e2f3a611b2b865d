import { incomingNoticeResponseSchema, NOTICE_ENDPOINTS } from '@smart-city/shared';
import type { CreateNotice, Notice } from '@smart-city/shared';
import { dehydrate, hydrate, MutationObserver, useQueryClient } from '@tanstack/react-query';
import type { DehydratedState, Mutation, MutationKey, QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { request } from '../api-client';
import type { ApiRequestError } from '../api-client';
import { NOTICE_OUTBOX_STORAGE_KEY, readStorage, writeStorage } from '../storage-keys';
import { upsertNotice } from './notice-cache';
import type { CachedNotice } from './notice-cache';
import { isRefusal, readStoredNotices, updateNotices } from './notice-list-cache';

/**
 * The notices outbox is the query library's own: each notice to publish is a mutation under this
 * key, its variables the local copy. Mutations share one scope, so they go out one at a time,
 * oldest first. While the browser is offline they are paused; when the server does not answer
 * they are tried again every 30 s; a refusal ends them. The pending ones are saved in
 * localStorage and resumed on the next visit.
 */
const NOTICE_OUTBOX_KEY = ['notices', 'outbox'] as const;

/** How long a notice the server did not take waits before it is sent again. */
const NOTICE_RETRY_DELAY_MS = 30_000;

export type OutboxOutcome =
  /** The server has it: the local copy was replaced by the server's. */
  | { status: 'published'; notice: Notice }
  /** The server did not answer: the local copy stays, marked pending, and is sent again later. */
  | { status: 'pending'; notice: CachedNotice }
  /** The server turned it down (a field, the role): the local copy stays, marked not published. */
  | { status: 'refused'; error: ApiRequestError; notice: CachedNotice };

function inputOf(local: CachedNotice): CreateNotice {
  const body: CreateNotice = { title: local.title, content: local.content };
  if (local.imageUrl) body.imageUrl = local.imageUrl;
  if (local.videoUrl) body.videoUrl = local.videoUrl;
  if (local.linkUrl) body.linkUrl = local.linkUrl;
  return body;
}

/**
 * Publishes a notice; the author is whoever is signed in, so the body never names one. The local
 * copy's id goes with it as its Idempotency-Key: sent again after an answer was lost (from here,
 * or from another tab that holds the same copy), it is published once.
 */
async function postNotice(local: CachedNotice): Promise<Notice> {
  const answer = await request(
    NOTICE_ENDPOINTS.create,
    { body: inputOf(local) },
    { check: incomingNoticeResponseSchema, headers: { 'Idempotency-Key': local.id } },
  );
  return answer.data;
}

/** What the server said when it turned a notice down, in words for its author. */
function refusalReason(error: ApiRequestError): string {
  const issues = error.fieldIssues.map((issue) => `${issue.path}: ${issue.message}`);
  return issues.length > 0 ? issues.join('; ') : (error.serverMessage ?? error.message);
}

/** The local copy as kept once the server turned it down: not published, with the reason. */
function refusedCopy(local: CachedNotice, error: ApiRequestError): CachedNotice {
  const refused: CachedNotice = { ...local, refusedReason: refusalReason(error) };
  delete refused.pending;
  return refused;
}

function isOutboxKey(key: MutationKey | undefined): boolean {
  return key?.[0] === NOTICE_OUTBOX_KEY[0] && key[1] === NOTICE_OUTBOX_KEY[1];
}

/** A notice still to publish: sent, or waiting for the server, the network or its turn. */
function isWaiting(mutation: Mutation<unknown, Error, unknown, unknown>): boolean {
  return isOutboxKey(mutation.options.mutationKey) && mutation.state.status === 'pending';
}

/** The outbox as saved: its waiting mutations and nothing of the query cache. */
function dehydrateOutbox(queryClient: QueryClient): DehydratedState {
  return dehydrate(queryClient, {
    shouldDehydrateQuery: () => false,
    shouldDehydrateMutation: isWaiting,
  });
}

function readSavedOutbox(): DehydratedState | null {
  const raw = readStorage(NOTICE_OUTBOX_STORAGE_KEY);
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as Partial<DehydratedState> | null;
    if (!saved || !Array.isArray(saved.mutations)) return null;
    // Only this outbox's own entries, each with the local copy it sends.
    const mutations = saved.mutations.filter(
      (entry) =>
        Array.isArray(entry.mutationKey) &&
        isOutboxKey(entry.mutationKey) &&
        entry.state.status === 'pending' &&
        typeof (entry.state.variables as CachedNotice | undefined)?.id === 'string',
    );
    return { mutations, queries: [] };
  } catch {
    return null;
  }
}

const prepared = new WeakSet<QueryClient>();

/**
 * Gives the query cache the outbox's mutation (what it sends, how often, what each outcome does to
 * the local copy) and keeps localStorage a copy of what is waiting. Once per query cache.
 */
function prepareNoticeOutbox(queryClient: QueryClient): void {
  if (prepared.has(queryClient)) return;
  prepared.add(queryClient);
  queryClient.setMutationDefaults<Notice, Error, CachedNotice>(NOTICE_OUTBOX_KEY, {
    mutationFn: postNotice,
    scope: { id: 'notices-outbox' },
    // A refusal would be refused the same way again; anything else may pass later.
    retry: (_failures, error) => !isRefusal(error),
    retryDelay: NOTICE_RETRY_DELAY_MS,
    onSuccess: (notice, local) => {
      updateNotices(queryClient, (notices) => upsertNotice(notices, notice, local.id));
    },
    onError: (error, local) => {
      if (!isRefusal(error)) return;
      const refused = refusedCopy(local, error);
      updateNotices(queryClient, (notices) => upsertNotice(notices, refused));
    },
  });
  queryClient.getMutationCache().subscribe((event) => {
    if (!event.mutation || !isOutboxKey(event.mutation.options.mutationKey)) return;
    writeStorage(NOTICE_OUTBOX_STORAGE_KEY, JSON.stringify(dehydrateOutbox(queryClient)));
  });
}

/**
 * Sends a local copy through the outbox (it is in the notice list already) and answers with the
 * first outcome: published, refused, or pending once the first attempt got no answer or the
 * notice has to wait (offline, or behind older ones). Never throws.
 */
export function sendNotice(queryClient: QueryClient, local: CachedNotice): Promise<OutboxOutcome> {
  prepareNoticeOutbox(queryClient);
  const observer = new MutationObserver<Notice, ApiRequestError, CachedNotice>(queryClient, {
    mutationKey: NOTICE_OUTBOX_KEY,
  });
  return new Promise((resolve) => {
    const settle = () => {
      const state = observer.getCurrentResult();
      if (state.status === 'success') resolve({ status: 'published', notice: state.data });
      else if (state.status === 'error')
        resolve({ status: 'refused', error: state.error, notice: refusedCopy(local, state.error) });
      else if (state.isPaused || state.failureCount > 0) {
        console.warn('The notice could not reach the server; it is kept and sent again later');
        resolve({ status: 'pending', notice: local });
      } else return;
      unsubscribe();
    };
    const unsubscribe = observer.subscribe(settle);
    observer.mutate(local).catch(() => {
      // The outcome is read from the observer; the outbox's own callbacks keep the local copy.
    });
  });
}

const restored = new WeakSet<QueryClient>();

/**
 * Resumes what the outbox saved on an earlier visit, oldest first; a pending local copy with no
 * saved entry (kept by another tab, which closed) goes out too. Once per query cache.
 */
export function restoreNoticeOutbox(queryClient: QueryClient): void {
  if (restored.has(queryClient)) return;
  restored.add(queryClient);
  prepareNoticeOutbox(queryClient);
  const saved = readSavedOutbox();
  if (saved) hydrate(queryClient, saved);
  const waiting = queryClient.getMutationCache().getAll().filter(isWaiting);
  const sending = new Set(waiting.map((mutation) => (mutation.state.variables as CachedNotice).id));
  for (const mutation of waiting) void mutation.continue().catch(() => {});
  for (const local of readStoredNotices().reverse()) {
    if (local.pending && !sending.has(local.id)) void sendNotice(queryClient, local);
  }
}

/** The signed-in shell resumes the outbox, so notices saved offline go out on the next visit. */
export function useNoticeOutbox(): void {
  const queryClient = useQueryClient();
  useEffect(() => restoreNoticeOutbox(queryClient), [queryClient]);
}
