import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';

export function NewNoticePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.newNotice.title')} />
      <EmptyState icon={<Icon name="notices" />} title={t('screens.newNotice.empty')} />
    </>
  );
}
