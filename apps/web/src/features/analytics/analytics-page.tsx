import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';

export function AnalyticsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.analytics.title')} />
      <EmptyState icon={<Icon name="analytics" />} title={t('screens.analytics.empty')} />
    </>
  );
}
