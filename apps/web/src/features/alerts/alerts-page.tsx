import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';

export function AlertsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.alerts.title')} />
      <EmptyState icon={<Icon name="alerts" />} title={t('screens.alerts.empty')} />
    </>
  );
}
