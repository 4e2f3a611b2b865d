import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicPageShell } from '../../components/public-page-shell';
import { REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';

/** The frame of the public report screens: the public pages' frame, for a visitor. */
export function ReportPageShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  return <PublicPageShell signInLabel={t('reports.signIn')}>{children}</PublicPageShell>;
}
