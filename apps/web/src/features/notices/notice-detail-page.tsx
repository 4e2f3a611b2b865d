import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { PATHS } from '../../lib/paths';

export function NoticeDetailPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.noticeDetail.title')} />
      <EmptyState
        icon={<Icon name="notices" />}
        title={t('screens.noticeDetail.empty')}
        action={
          <Link to={PATHS.notices} className={secondaryButton}>
            {t('screens.noticeDetail.back')}
          </Link>
        }
      />
    </>
  );
}
