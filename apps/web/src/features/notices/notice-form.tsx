import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { FieldError } from 'react-hook-form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { TextAreaField, TextField } from '../../components/form-field';
import { Icon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { serverWordsShown, userFacingMessage } from '../../lib/api-client';
import type { ApiRequestError } from '../../lib/api-client';
import {
  isNoticeFormField,
  isNoticeValidationKey,
  NOTICE_LIMITS,
  noticeFormSchema,
  type NoticeFormValues,
} from './notice-form-schema';

/** A form with nothing written yet. */
export const EMPTY_NOTICE: NoticeFormValues = {
  title: '',
  content: '',
  imageUrl: '',
  videoUrl: '',
  linkUrl: '',
};

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

/**
 * A notice's fields, checked by the server's rules as they are typed, for writing a new notice and
 * changing a published one alike. `onSave` answers the server's refusal (or null when it saved);
 * the form shows each field the server named beside that field, and anything else above them.
 */
export function NoticeForm({
  defaultValues,
  intro,
  banner,
  note,
  saveLabel,
  savingLabel,
  refusedTitle,
  cancelTo,
  onSave,
}: {
  defaultValues: NoticeFormValues;
  intro: string;
  /** Shown above the fields while the server has not refused this attempt (a draft's reason). */
  banner?: ReactNode;
  /** A line under the buttons (where the change is recorded). */
  note?: string;
  saveLabel: string;
  savingLabel: string;
  refusedTitle: string;
  cancelTo: string;
  onSave: (values: NoticeFormValues) => Promise<ApiRequestError | null>;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<NoticeFormValues>({
    resolver: zodResolver(noticeFormSchema),
    mode: 'onTouched',
    defaultValues,
  });

  const fieldError = (error: FieldError | undefined) => {
    const message = error?.message;
    if (!message) return undefined;
    return isNoticeValidationKey(message) ? t(message, NOTICE_LIMITS) : message;
  };

  const onSubmit = handleSubmit(async (values) => {
    const refusal = await onSave(values);
    if (!refusal) return;
    let named = false;
    for (const issue of refusal.fieldIssues) {
      if (!isNoticeFormField(issue.path)) continue;
      named = true;
      setError(issue.path, {
        message: serverWordsShown() ? capitalised(issue.message) : t('errors.fieldRefused'),
      });
    }
    if (!named) {
      setError('root.server', { message: userFacingMessage(refusal) ?? '' });
    }
  });

  const titleLength = useWatch({ control, name: 'title' }).length;
  const contentLength = useWatch({ control, name: 'content' }).length;
  const serverError = errors.root?.server;

  return (
    <form
      noValidate
      data-testid="notice-form"
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">{intro}</p>
      {serverError ? (
        <InlineAlert tone="error" title={refusedTitle} testId="notice-form-error">
          {serverError.message || null}
        </InlineAlert>
      ) : (
        (banner ?? null)
      )}
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
          {isSubmitting ? savingLabel : saveLabel}
        </button>
        <Link to={cancelTo} className={secondaryButton}>
          {t('notices.compose.cancel')}
        </Link>
      </div>
      {note ? <p className="text-xs text-slate-500 dark:text-slate-400">{note}</p> : null}
    </form>
  );
}
