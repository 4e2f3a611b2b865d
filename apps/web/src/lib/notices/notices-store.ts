import type { Notice } from '@smart-city/shared';
import { useSyncExternalStore } from 'react';
import { ApiRequestError } from '../api-client';
import { NOTICES_STORAGE_KEY, readStorage, writeStorage } from '../storage-keys';
import { parseNoticeCache, removeNotice, upsertNotice, type CachedNotice } from './notice-cache';

/** The notices endpoint: GET lists them, POST publishes one. */
export const NOTICES_PATH = '/api/notices';

/** What the notice screens read: the cached notices and whether the last call reached the server. */
export interface NoticesState {
  notices: readonly CachedNotice[];
  /** The last notice call failed to get an answer: the screens show a quiet offline hint. */
  offline: boolean;
}

let offline = false;
let snapshot: (NoticesState & { raw: string | null }) | null = null;
const listeners = new Set<() => void>();
/** Local ids already replaced by the server's copy, so a screen open on one can follow it. */
const publishedIds = new Map<string, string>();
// localStorage is the one source of truth, so every tab (and a cleared storage) agrees. Where it
// cannot be written (a blocked storage), the cache lives in memory for this page instead.
let storageWorks = true;
let memoryRaw: string | null = null;

function storedRaw(): string | null {
  return storageWorks ? readStorage(NOTICES_STORAGE_KEY) : memoryRaw;
}

function current(): NoticesState {
  const raw = storedRaw();
  if (!snapshot || snapshot.raw !== raw || snapshot.offline !== offline) {
    const notices = snapshot?.raw === raw ? snapshot.notices : parseNoticeCache(raw);
    snapshot = { raw, notices, offline };
  }
  return snapshot;
}

function notify() {
  for (const listener of listeners) listener();
}

/** Another tab changed the cache: every screen here shows the same notices as there. */
function onStorage(event: StorageEvent) {
  if (event.key === NOTICES_STORAGE_KEY || event.key === null) notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function getNoticesState(): NoticesState {
  return current();
}

/** Replaces the cached notices in localStorage (newest first, as given). */
export function setCachedNotices(notices: readonly CachedNotice[]): void {
  const raw = JSON.stringify(notices);
  writeStorage(NOTICES_STORAGE_KEY, raw);
  memoryRaw = raw;
  storageWorks = readStorage(NOTICES_STORAGE_KEY) === raw;
  notify();
}

/** Records whether the server answered the last notice call. */
export function setNoticesOffline(value: boolean): void {
  if (offline === value) return;
  offline = value;
  notify();
}

export function findCachedNotice(id: string): CachedNotice | undefined {
  return current().notices.find((notice) => notice.id === id);
}

/** A notice from the server (a live event, a single fetch) joins the cache. */
export function receiveNotice(notice: Notice): void {
  setCachedNotices(upsertNotice(current().notices, notice));
}

/** The server's copy takes the place of the local one it was published from. */
export function replaceLocalNotice(localId: string, notice: Notice): void {
  publishedIds.set(localId, notice.id);
  setCachedNotices(upsertNotice(current().notices, notice, localId));
}

export function forgetNotice(id: string): void {
  setCachedNotices(removeNotice(current().notices, id));
}

/** The server id a local notice was published under, once it has been. */
export function publishedIdOf(localId: string): string | undefined {
  return publishedIds.get(localId);
}

/**
 * Whether the server answered and turned the request down (a 4xx other than time-out or rate
 * limit): trying again later would be turned down the same way. Anything else (no answer, a
 * server fault) may pass later.
 */
export function isRefusal(error: unknown): error is ApiRequestError {
  return (
    error instanceof ApiRequestError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/** The notices state, re-rendering on every change (live events and other tabs included). */
export function useNoticesState(): NoticesState {
  return useSyncExternalStore(subscribe, current, current);
}

/** Forgets what only lives in memory (the offline flag, replaced ids), so each test starts afresh. */
export function resetNoticesStoreForTests(): void {
  offline = false;
  snapshot = null;
  storageWorks = true;
  memoryRaw = null;
  publishedIds.clear();
}
