import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';

export function BlockchainPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.blockchain.title')} />
      <EmptyState icon={<Icon name="blockchain" />} title={t('screens.blockchain.empty')} />
    </>
  );
}
