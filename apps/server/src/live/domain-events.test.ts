import { describe, expect, it, vi } from 'vitest';
import { createDomainEvents } from './domain-events';

describe('createDomainEvents', () => {
  it('delivers each event to its listeners until they unsubscribe', () => {
    const events = createDomainEvents(() => {});
    const seen: string[] = [];
    const off = events.on('alert:deleted', (e) => seen.push(e.id));
    events.emit('alert:deleted', { id: 'a1', city: 'kolkata' });
    off();
    events.emit('alert:deleted', { id: 'a2', city: 'kolkata' });
    expect(seen).toEqual(['a1']);
  });

  it('keeps delivering to the other listeners when one throws, and reports the error', () => {
    const onError = vi.fn();
    const events = createDomainEvents(onError);
    const seen: string[] = [];
    events.on('alert:deleted', () => {
      throw new Error('boom');
    });
    events.on('alert:deleted', (e) => seen.push(e.id));
    events.emit('alert:deleted', { id: 'a1', city: 'kharagpur' });
    expect(seen).toEqual(['a1']);
    expect(onError).toHaveBeenCalledWith(expect.any(Error), 'alert:deleted');
  });
});
