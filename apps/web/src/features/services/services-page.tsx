import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';

export function ServicesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.services.title')} />
      <EmptyState icon={<Icon name="services" />} title={t('screens.services.empty')} />
    </>
  );
}
