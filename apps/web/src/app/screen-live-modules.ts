import type { ComponentType } from 'react';
import { addLiveModule } from '../lib/live/added-live-modules';
import type { LiveModule } from '../lib/live/live-module';

/**
 * A screen's loader step for a screen whose module exports its live module (`liveModule`, what it
 * does with the events of the data only it shows): the module is handed to the connection before
 * the screen first draws, so it arrives with the screen's code and no event for the screen's data
 * goes unhandled once it is on screen. The data several screens show has its modules in
 * live-modules.ts instead, followed from the first signed-in screen on.
 */
export function withLiveModule<M extends { liveModule: LiveModule | readonly LiveModule[] }, P>(
  pick: (module: M) => ComponentType<P>,
): (module: M) => ComponentType<P> {
  return (module) => {
    // A screen that shows several parts' data (the dashboard) hands over each part's module.
    for (const live of ([] as readonly LiveModule[]).concat(module.liveModule)) addLiveModule(live);
    return pick(module);
  };
}
