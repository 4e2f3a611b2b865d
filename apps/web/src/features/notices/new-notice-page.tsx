import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { FieldError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { TextAreaField, TextField } from '../../components/form-field';
import { Icon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { PageHeader } from '../../components/page-header';
import { READING_WIDTH } from '../../components/page-width';
import { serverWordsShown, userFacingMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { displayNameOf } from '../../lib/auth/display-name';
import { useCreateNotice } from '../../lib/notices/create-notice';
import type { CachedNotice } from '../../lib/notices/notice-cache';
import { cachedNotices } from '../../lib/notices/notice-list-cache';
import { noticePath, PATHS } from '../../lib/paths';
import {
  isNoticeFormField,
  isNoticeValidationKey,
  NOTICE_LIMITS,
  noticeFormSchema,
  type NoticeFormValues,
} from './notice-form-schema';

const EMPTY: NoticeFormValues = { title: '', content: '', imageUrl: '', videoUrl: '', linkUrl: '' };

/** The three optional links, each a URL input with its own label and hint. */
const LINK_FIELDS = [
  {
    name: 'imageUrl',
    testId: 'notice-image-input',
    label: 'notices.compose.imageUrl',
    hint: 'notices.compose.imageHint',
  },
  {
    name: 'videoUrl',
    testId: 'notice-video-input',
    label: 'notices.compose.videoUrl',
    hint: 'notices.compose.videoHint',
  },
  {
    name: 'linkUrl',
    testId: 'notice-link-input',
    label: 'notices.compose.linkUrl',
    hint: 'notices.compose.linkHint',
  },
] as const;

function capitalised(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

function formValuesOf(notice: CachedNotice): NoticeFormValues {
  return {
    title: notice.title,
    content: notice.content,
    imageUrl: notice.imageUrl ?? '',
    videoUrl: notice.videoUrl ?? '',
    linkUrl: notice.linkUrl ?? '',
  };
}

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
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<NoticeFormValues>({
    resolver: zodResolver(noticeFormSchema),
    mode: 'onTouched',
    defaultValues: draft ? formValuesOf(draft) : EMPTY,
  });

  const fieldError = (error: FieldError | undefined) => {
    const message = error?.message;
    if (!message) return undefined;
    return isNoticeValidationKey(message) ? t(message, NOTICE_LIMITS) : message;
  };

  const onSubmit = handleSubmit(async (values) => {
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
      return;
    }
    if (result.status === 'pending') {
      toast(t('notices.compose.savedLocally'), { id: 'notice-saved-locally' });
      void navigate(noticePath(result.notice.id));
      return;
    }
    // Kept on this device, marked not published; saving again from here replaces that copy.
    setDraft(result.notice);
    let named = false;
    for (const issue of result.error.fieldIssues) {
      if (!isNoticeFormField(issue.path)) continue;
      named = true;
      setError(issue.path, {
        message: serverWordsShown() ? capitalised(issue.message) : t('errors.fieldRefused'),
      });
    }
    if (!named) {
      setError('root.server', { message: userFacingMessage(result.error) ?? '' });
    }
  });

  const titleLength = useWatch({ control, name: 'title' }).length;
  const contentLength = useWatch({ control, name: 'content' }).length;
  const serverError = errors.root?.server;

  return (
    <div className={READING_WIDTH}>
      <PageHeader title={t('screens.newNotice.title')} />
      <form
        noValidate
        data-testid="notice-form"
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
      >
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('notices.compose.intro')}</p>
        {serverError ? (
          <InlineAlert tone="error" title={t('notices.compose.refused')} testId="notice-form-error">
            {serverError.message || null}
          </InlineAlert>
        ) : draft?.refusedReason ? (
          <InlineAlert
            tone="warning"
            title={t('notices.notPublished')}
            testId="notice-draft-reason"
          >
            {draft.refusedReason}
          </InlineAlert>
        ) : null}
        <TextField
          data-testid="notice-title-input"
          label={t('notices.compose.titleLabel')}
          autoComplete="off"
          hint={t('notices.compose.count', {
            count: titleLength,
            max: NOTICE_LIMITS.titleMax,
          })}
          error={fieldError(errors.title)}
          {...register('title')}
        />
        <TextAreaField
          data-testid="notice-content-input"
          label={t('notices.compose.contentLabel')}
          rows={8}
          hint={`${t('notices.compose.contentHint')} ${t('notices.compose.count', {
            count: contentLength,
            max: NOTICE_LIMITS.contentMax,
          })}`}
          error={fieldError(errors.content)}
          {...register('content')}
        />
        {LINK_FIELDS.map((field) => (
          <TextField
            key={field.name}
            data-testid={field.testId}
            label={t(field.label)}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            hint={t(field.hint)}
            error={fieldError(errors[field.name])}
            {...register(field.name)}
          />
        ))}
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            data-testid="notice-publish"
            disabled={isSubmitting}
            className={primaryButton}
          >
            <Icon name="notices" size={18} />
            {isSubmitting ? t('notices.compose.publishing') : t('notices.compose.publish')}
          </button>
          <Link to={PATHS.notices} className={secondaryButton}>
            {t('notices.compose.cancel')}
          </Link>
        </div>
      </form>
    </div>
  );
}
