import type { ReportDetail } from '@smart-city/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { useAuth } from '../../lib/auth/auth-context';
import { PATHS } from '../../lib/paths';
import { REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { useFollowReport } from './follow-report-mutation';
import { useUnfollowReport } from './unfollow-report-mutation';

/**
 * How many people follow a report, and Follow or Unfollow for a signed-in person; a visitor is
 * offered sign-in, which brings them back here.
 */
export function ReportFollow({ report }: { report: ReportDetail }) {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  const { status } = useAuth();
  const location = useLocation();
  const follow = useFollowReport();
  const unfollow = useUnfollowReport();
  const headingId = useId();
  const busy = follow.isPending || unfollow.isPending;
  const failed = follow.isError || unfollow.isError;

  return (
    <section
      aria-labelledby={headingId}
      data-testid="report-follow"
      className="space-y-3 rounded-lg bg-slate-50 p-4 dark:bg-slate-800/60"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
        {t('reports.detail.followers', { count: report.followers })}
      </h2>
      {status === 'authenticated' ? (
        <>
          {report.mine ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t('reports.detail.yours')}
            </p>
          ) : null}
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {report.following ? t('reports.detail.following') : t('reports.detail.followHelp')}
          </p>
          <button
            type="button"
            data-testid="report-follow-button"
            disabled={busy}
            className={report.following ? secondaryButton : primaryButton}
            onClick={() => {
              follow.reset();
              unfollow.reset();
              (report.following ? unfollow : follow).mutate(report.id);
            }}
          >
            {report.following ? t('reports.detail.unfollow') : t('reports.detail.follow')}
          </button>
          {failed ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {t('reports.detail.followFailed')}
            </p>
          ) : null}
        </>
      ) : (
        <Link
          to={PATHS.login}
          state={{ from: location }}
          data-testid="report-sign-in-to-follow"
          className={secondaryButton}
        >
          {t('reports.detail.signInToFollow')}
        </Link>
      )}
    </section>
  );
}
