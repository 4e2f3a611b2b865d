import type { ComponentType } from 'react';
import { withLiveModule } from './screen-live-modules';

// The public report screens' loaders (see screens.ts): this chunk is downloaded first when one of
// them opens, and starts the screen's files all at once.

export function loadReportsPage(): Promise<ComponentType> {
  return import('../features/reports/reports-page').then(withLiveModule((m) => m.ReportsPage));
}

export function loadReportDetailPage(): Promise<ComponentType> {
  return import('../features/reports/report-detail-page').then(
    withLiveModule((m) => m.ReportDetailPage),
  );
}
