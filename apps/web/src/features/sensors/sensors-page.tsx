import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';

export function SensorsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.sensors.title')} />
      <EmptyState icon={<Icon name="sensors" />} title={t('screens.sensors.empty')} />
    </>
  );
}
