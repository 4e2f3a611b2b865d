import { Navigate, useNavigate, useParams } from 'react-router';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { READING_WIDTH } from '../../components/page-width';
import { Spinner } from '../../components/spinner';
import { ApiRequestError } from '../../lib/api-client';
import { isLocalOnly } from '../../lib/notices/notice-cache';
import { useNotice } from '../../lib/notices/notice-query';
import { noticePath } from '../../lib/paths';
import { NoticeForm } from './notice-form';
import { formValuesOf } from './notice-form-schema';
import { NoticeNotFound, OfflineHint } from './notice-parts';
import { useUpdateNotice } from './update-notice-mutation';

/**
 * An admin changes a published notice in the form it was written with; saving opens it again.
 * The server records the change in the transparency ledger, and the form says so.
 */
export function EditNoticePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const { notice, isLoading, isMissing, isOffline } = useNotice(id);
  const update = useUpdateNotice(id);

  // A notice only this device holds has not been published: it is edited as a draft instead.
  if (notice && isLocalOnly(notice)) return <Navigate to={noticePath(id)} replace />;

  return (
    <div className={READING_WIDTH}>
      <PageHeader title={t('screens.editNotice.title')} />
      {isOffline ? <OfflineHint /> : null}
      {isLoading ? (
        <div className="flex justify-center py-14">
          <Spinner size={32} />
        </div>
      ) : notice ? (
        <NoticeForm
          defaultValues={formValuesOf(notice)}
          intro={t('notices.change.intro')}
          note={t('notices.change.ledger')}
          saveLabel={t('notices.change.save')}
          savingLabel={t('notices.change.saving')}
          refusedTitle={t('notices.change.refused')}
          cancelTo={noticePath(id)}
          onSave={async (values) => {
            try {
              await update.mutateAsync({
                title: values.title,
                content: values.content,
                imageUrl: values.imageUrl || null,
                videoUrl: values.videoUrl || null,
                linkUrl: values.linkUrl || null,
              });
            } catch (error) {
              console.warn('Changing the notice failed', error);
              // No answer at all reads as a refusal with no words of the server's.
              return error instanceof ApiRequestError
                ? error
                : new ApiRequestError(0, '', null, null);
            }
            toast.success(t('notices.change.saved'));
            void navigate(noticePath(id));
            return null;
          }}
        />
      ) : isMissing ? (
        <NoticeNotFound />
      ) : null}
    </div>
  );
}
