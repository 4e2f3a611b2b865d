import { canUseWallScreen } from '@smart-city/shared';
import { useLocation } from 'react-router';
import { useAuth } from './auth/auth-context';
import { PATHS } from './paths';

/** `/dashboard?wall=1` opens the dashboard as a wall screen. */
const WALL_PARAM = 'wall';
/** `&rotate=60` moves the wall to the next city every 60 seconds. */
const ROTATE_PARAM = 'rotate';
/** Shorter than this, nobody reads a city before it goes; longer, rotating is pointless. */
const ROTATE_MIN_S = 10;
const ROTATE_MAX_S = 3600;

/** The wall screen's address, rotating through the cities every `rotateS` seconds when given. */
export function wallPath(rotateS?: number): string {
  const params = new URLSearchParams({ [WALL_PARAM]: '1' });
  if (rotateS !== undefined) params.set(ROTATE_PARAM, String(rotateS));
  return `${PATHS.dashboard}?${params}`;
}

/**
 * The rotation period a query string asks for, in whole seconds within the bounds; null when it
 * asks for none or for something that is not a number.
 */
export function rotationSecondsOf(search: string): number | null {
  const raw = new URLSearchParams(search).get(ROTATE_PARAM);
  if (raw === null || raw.trim() === '') return null;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  return Math.min(ROTATE_MAX_S, Math.max(ROTATE_MIN_S, Math.round(seconds)));
}

/** Whether an address is the wall screen's (whoever asks). */
export function isWallLocation(pathname: string, search: string): boolean {
  return pathname === PATHS.dashboard && new URLSearchParams(search).get(WALL_PARAM) === '1';
}

/**
 * Whether the page shows the wall screen now: its address, asked by someone who may use it. A
 * citizen who follows such a link sees the ordinary dashboard.
 */
export function useWallMode(): boolean {
  const { pathname, search } = useLocation();
  const { allows } = useAuth();
  return isWallLocation(pathname, search) && allows(canUseWallScreen);
}
