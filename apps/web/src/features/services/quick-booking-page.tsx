import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';

export function QuickBookingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.emergencyQuick.title')} />
      <EmptyState icon={<Icon name="emergency" />} title={t('screens.emergencyQuick.empty')} />
    </>
  );
}
