import type { ComponentType } from 'react';

// The open data page's loader (see screens.ts): this chunk is downloaded first when the page opens,
// so the list of files the page needs is not part of the landing and sign-in pages' first download.

export function loadOpenDataPage(): Promise<ComponentType> {
  return import('../features/open-data/open-data-page').then((m) => m.OpenDataPage);
}
