import { canDispatchBookings } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { GuardMessage } from '../../components/guard-message';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth/auth-context';
import { DispatchQueue } from './dispatch-queue';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** What the screen does with live events; the app hands it to the connection as the screen opens. */
export { emergencyLive as liveModule } from './emergency.live';

/**
 * Dispatch, the control room's own page: the selected city's open bookings by urgency and waiting
 * time, each with its place on a small map, where a unit and its ETA are set.
 */
export function DispatchPage() {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { allows } = useAuth();
  if (!allows(canDispatchBookings)) {
    return (
      <GuardMessage
        title={t('translation:guard.accessDenied')}
        message={t('translation:guard.accessDeniedMessage')}
      />
    );
  }
  return (
    <>
      <PageHeader title={t('signedIn:screens.dispatch.title')} />
      <DispatchQueue />
    </>
  );
}
