import { canViewBillingOverview } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { GuardMessage } from '../../components/guard-message';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth/auth-context';
import { BillingOverviewPanel } from './billing-overview';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** Billing, the administration's own page: the municipal account's month, account by account. */
export function BillingPage() {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { allows } = useAuth();
  if (!allows(canViewBillingOverview)) {
    return (
      <GuardMessage
        title={t('translation:guard.accessDenied')}
        message={t('translation:guard.accessDeniedMessage')}
      />
    );
  }
  return (
    <>
      <PageHeader title={t('signedIn:screens.billing.title')} />
      <BillingOverviewPanel />
    </>
  );
}
