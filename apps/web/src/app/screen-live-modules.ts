import { addLiveModule } from '../lib/live/added-live-modules';
import type { LiveModule } from '../lib/live/live-module';

/**
 * The live modules that only their own screens need, each downloaded with the first of them (see
 * `withLiveModule` in screens.ts) and followed from then on.
 */
export const SCREEN_LIVE_MODULES = {
  alerts: () => import('../features/alerts/alerts.live').then((m) => m.alertsScreenLive),
  blockchain: () => import('../features/blockchain/blockchain.live').then((m) => m.blockchainLive),
  cityTwin: () => import('../features/city-twin/city-twin.live').then((m) => m.cityTwinLive),
  dashboard: () => import('../features/dashboard/dashboard.live').then((m) => m.dashboardLive),
  emergency: () => import('../features/emergency/emergency.live').then((m) => m.emergencyLive),
  services: () => import('../features/services/services.live').then((m) => m.servicesLive),
} satisfies Record<string, () => Promise<LiveModule>>;

/**
 * A screen's loader that also loads its live module and hands it to the connection before the
 * screen first draws, so no event for the screen's data arrives unhandled once it is on screen.
 */
export function withLiveModule<T>(
  module: keyof typeof SCREEN_LIVE_MODULES,
  load: () => Promise<T>,
): () => Promise<T> {
  return () =>
    Promise.all([SCREEN_LIVE_MODULES[module]().then(addLiveModule), load()]).then(
      ([, screen]) => screen,
    );
}
