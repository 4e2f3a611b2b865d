import { describe, expect, it } from 'vitest';
import { isWallLocation, rotationSecondsOf, wallPath } from './wall-mode';

describe('the wall mode address', () => {
  it('is the dashboard with wall=1, rotating when asked', () => {
    expect(wallPath()).toBe('/dashboard?wall=1');
    expect(wallPath(60)).toBe('/dashboard?wall=1&rotate=60');
    expect(isWallLocation('/dashboard', '?wall=1')).toBe(true);
    expect(isWallLocation('/dashboard', '?wall=1&rotate=30')).toBe(true);
    expect(isWallLocation('/dashboard', '?wall=0')).toBe(false);
    expect(isWallLocation('/sensors', '?wall=1')).toBe(false);
  });

  it('rotates every 10 to 3600 seconds, or not at all when the period is no number', () => {
    expect(rotationSecondsOf('?wall=1')).toBeNull();
    expect(rotationSecondsOf('?wall=1&rotate=')).toBeNull();
    expect(rotationSecondsOf('?wall=1&rotate=soon')).toBeNull();
    expect(rotationSecondsOf('?wall=1&rotate=-5')).toBeNull();
    expect(rotationSecondsOf('?wall=1&rotate=60')).toBe(60);
    expect(rotationSecondsOf('?wall=1&rotate=2')).toBe(10);
    expect(rotationSecondsOf('?wall=1&rotate=86400')).toBe(3600);
    expect(rotationSecondsOf('?wall=1&rotate=45.6')).toBe(46);
  });
});
