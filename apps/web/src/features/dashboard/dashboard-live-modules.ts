import type { LiveModule } from '../../lib/live/live-module';
import { dashboardLive } from './dashboard.live';
import { homeLive } from './home.live';
import { wallLive } from './wall.live';

/** The dashboard screen's live modules: its figures, a citizen's home and the wall screen. */
export const dashboardLiveModules: readonly LiveModule[] = [dashboardLive, homeLive, wallLive];
