import type { LiveModule } from './live-module';

// The live modules of screens that have been opened. A screen's module downloads with the screen,
// so a page that never shows the twin or the ledger never loads what they do with live events;
// the socket provider hands every event to these besides the modules it was given.
const added = new Set<LiveModule>();

export function addLiveModule(module: LiveModule): void {
  added.add(module);
}

export function addedLiveModules(): readonly LiveModule[] {
  return [...added];
}
