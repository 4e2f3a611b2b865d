import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { StatusIcon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';

export type EmergencyResultVariant = 'success' | 'cancel';

/** The page a booking's payment returns to, in its success or cancel variant. */
export function EmergencyResultPage({ variant }: { variant: EmergencyResultVariant }) {
  const { t } = useTranslation();
  const success = variant === 'success';
  return (
    <>
      <PageHeader
        title={success ? t('screens.emergencySuccess.title') : t('screens.emergencyCancel.title')}
      />
      <EmptyState
        icon={<StatusIcon status={success ? 'success' : 'warning'} size={24} />}
        title={success ? t('screens.emergencySuccess.empty') : t('screens.emergencyCancel.empty')}
      />
    </>
  );
}
