import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';

export function EmergencyPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.emergency.title')} />
      <EmptyState icon={<Icon name="emergency" />} title={t('screens.emergency.empty')} />
    </>
  );
}
