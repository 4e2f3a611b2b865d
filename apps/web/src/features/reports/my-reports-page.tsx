import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { secondaryButton } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryContent } from '../../components/query-states';
import { READING_WIDTH } from '../../components/page-width';
import { SvgIcon } from '../../components/svg-icon';
import { PATHS } from '../../lib/paths';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { useMyReports } from './my-reports-query';
import { ReportCallToAction } from './report-call-to-action';
import { ReportListItem } from './report-list-item';

export { reportsLive as liveModule } from './reports.live';

/** The problems the signed-in person reported or follows, each with its status and deadline. */
export function MyReportsPage() {
  const { t } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const query = useMyReports();
  return (
    <div className={READING_WIDTH}>
      <PageHeader
        title={t('signedIn:screens.myReports.title')}
        actions={
          <>
            <Link to={PATHS.reports} className={secondaryButton}>
              {t('myReports.tracker')}
            </Link>
            <ReportCallToAction />
          </>
        }
      />
      <p className="-mt-3 mb-5 text-sm text-slate-600 dark:text-slate-400">
        {t('myReports.intro')}
      </p>
      <QueryContent
        query={query}
        errorMessage={t('myReports.loadFailed')}
        errorTestId="my-reports-error"
      >
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState
              icon={<SvgIcon icon={ClipboardList} />}
              title={t('myReports.empty')}
              description={t('myReports.emptyHelp')}
              action={<ReportCallToAction />}
            />
          ) : (
            <ul aria-label={t('reports.listLabel')} className="space-y-3" data-testid="report-list">
              {items.map((report) => (
                <ReportListItem key={report.id} report={report} />
              ))}
            </ul>
          )
        }
      </QueryContent>
    </div>
  );
}
