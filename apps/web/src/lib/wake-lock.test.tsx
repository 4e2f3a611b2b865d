import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScreenWakeLock } from './wake-lock';

/** A stand-in for the browser's wake lock: each request hands out a sentinel the test can drop. */
function fakeWakeLock() {
  const sentinels: { released: boolean; release: () => Promise<void> }[] = [];
  const request = vi.fn(() => {
    const sentinel = {
      released: false,
      release: vi.fn(() => {
        sentinel.released = true;
        return Promise.resolve();
      }),
    };
    sentinels.push(sentinel);
    return Promise.resolve(sentinel);
  });
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
  return { request, sentinels };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('the screen wake lock', () => {
  it('is asked for at once, again when the page is shown after the browser dropped it, and let go at the end', async () => {
    const { request, sentinels } = fakeWakeLock();
    const { unmount } = renderHook(() => useScreenWakeLock(true));
    await act(async () => {});
    expect(request).toHaveBeenCalledWith('screen');
    expect(request).toHaveBeenCalledTimes(1);

    // Hiding the page drops the lock; showing it again asks anew.
    sentinels[0]!.released = true;
    await act(async () => setVisibility('hidden'));
    expect(request).toHaveBeenCalledTimes(1);
    await act(async () => setVisibility('visible'));
    expect(request).toHaveBeenCalledTimes(2);

    unmount();
    expect(sentinels[1]!.release).toHaveBeenCalled();
  });

  it('is not asked for again while it is held', async () => {
    const { request } = fakeWakeLock();
    renderHook(() => useScreenWakeLock(true));
    await act(async () => {});
    await act(async () => setVisibility('visible'));
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('does nothing where the browser has no wake lock, or when refused', async () => {
    expect('wakeLock' in navigator).toBe(false);
    expect(() => renderHook(() => useScreenWakeLock(true))).not.toThrow();

    const request = vi.fn(() => Promise.reject(new DOMException('refused', 'NotAllowedError')));
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    renderHook(() => useScreenWakeLock(true));
    await act(async () => {});
    expect(request).toHaveBeenCalledTimes(1);
  });
});
