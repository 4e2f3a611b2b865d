import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';

export function CityTwinPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.cityTwin.title')} />
      <EmptyState icon={<Icon name="city-twin" />} title={t('screens.cityTwin.empty')} />
    </>
  );
}
