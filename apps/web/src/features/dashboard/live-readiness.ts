import type { CityKey } from '@smart-city/shared';
import type { LiveData } from '../../lib/live/live-state';

/**
 * Where the live state stands for the city on screen: 'ready' once its snapshot has arrived,
 * 'loading' while connected and waiting for it, 'unavailable' while the connection is down and
 * nothing of this city has arrived (the socket keeps retrying by itself).
 */
export function liveReadiness(
  live: Pick<LiveData, 'city' | 'connection'>,
  city: CityKey,
): 'ready' | 'loading' | 'unavailable' {
  if (live.city === city) return 'ready';
  return live.connection === 'connected' ? 'loading' : 'unavailable';
}
