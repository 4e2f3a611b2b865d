import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { InlineAlert } from '../../components/inline-alert';
import { PageHeader } from '../../components/page-header';
import { READING_WIDTH } from '../../components/page-width';
import { useAuth } from '../../lib/auth/auth-context';
import { displayNameOf } from '../../lib/auth/display-name';
import { useCreateNotice } from '../../lib/notices/create-notice';
import type { CachedNotice } from '../../lib/notices/notice-cache';
import { cachedNotices } from '../../lib/notices/notice-list-cache';
import { noticePath, PATHS } from '../../lib/paths';
import { EMPTY_NOTICE, NoticeForm } from './notice-form';
import { formValuesOf } from './notice-form-schema';

/**
 * An admin writes a notice; on save it opens the new notice. `?draft=<id>` edits a notice the
 * server turned down (kept on this device): saving it takes that copy's place.
 */
export function NewNoticePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createNotice = useCreateNotice();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // The turned-down copy this form edits: the one opened with ?draft, or the one a refusal left.
  const [draft, setDraft] = useState<CachedNotice | undefined>(() =>
    cachedNotices(queryClient).find(
      (notice) => notice.id === params.get('draft') && notice.refusedReason !== undefined,
    ),
  );

  return (
    <div className={READING_WIDTH}>
      <PageHeader title={t('screens.newNotice.title')} />
      <NoticeForm
        defaultValues={draft ? formValuesOf(draft) : EMPTY_NOTICE}
        intro={t('notices.compose.intro')}
        banner={
          draft?.refusedReason ? (
            <InlineAlert
              tone="warning"
              title={t('notices.notPublished')}
              testId="notice-draft-reason"
            >
              {draft.refusedReason}
            </InlineAlert>
          ) : null
        }
        saveLabel={t('notices.compose.publish')}
        savingLabel={t('notices.compose.publishing')}
        refusedTitle={t('notices.compose.refused')}
        cancelTo={PATHS.notices}
        onSave={async (values) => {
          const result = await createNotice(
            {
              title: values.title,
              content: values.content,
              imageUrl: values.imageUrl || undefined,
              videoUrl: values.videoUrl || undefined,
              linkUrl: values.linkUrl || undefined,
            },
            displayNameOf(user) ?? t('user.fallbackName'),
            draft?.id,
          );
          if (result.status === 'published') {
            // The live notice:created toast confirms it, here as on every other screen.
            void navigate(noticePath(result.notice.id));
            return null;
          }
          if (result.status === 'pending') {
            toast(t('notices.compose.savedLocally'), { id: 'notice-saved-locally' });
            void navigate(noticePath(result.notice.id));
            return null;
          }
          // Kept on this device, marked not published; saving again from here replaces that copy.
          setDraft(result.notice);
          return result.error;
        }}
      />
    </div>
  );
}
