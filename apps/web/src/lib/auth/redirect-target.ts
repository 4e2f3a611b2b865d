import { PATHS } from '../paths';

/**
 * Where to go after sign-in: the page the route guard turned the visitor away from (router state
 * `{ from: location }`), else the dashboard. Only in-app paths are accepted.
 */
export function redirectTargetFrom(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return PATHS.dashboard;
  const { from } = state;
  if (typeof from !== 'object' || from === null || !('pathname' in from)) return PATHS.dashboard;
  const { pathname } = from;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return PATHS.dashboard;
  }
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
