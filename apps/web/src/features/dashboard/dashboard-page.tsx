import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';

export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.dashboard.title')} />
      <EmptyState icon={<Icon name="dashboard" />} title={t('screens.dashboard.empty')} />
    </>
  );
}
