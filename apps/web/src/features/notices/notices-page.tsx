import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';

export function NoticesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.notices.title')} />
      <EmptyState icon={<Icon name="notices" />} title={t('screens.notices.empty')} />
    </>
  );
}
