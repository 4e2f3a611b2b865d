import { REPORT_MAX_PHOTOS, REPORT_PHOTO_TYPES } from '@smart-city/shared';
import { Camera, RotateCw, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing, iconButton, secondaryButton } from '../../components/button-styles';
import { StatusIcon } from '../../components/status-icon';
import { SvgIcon } from '../../components/svg-icon';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { FieldError } from './field-error';
import { FIELD_IDS } from './report-form';
import { photoSizeLimit } from './use-photo-uploads';
import type { PhotoUpload } from './use-photo-uploads';

const STATE_WORDS = {
  uploading: 'newReport.photoUploading',
  uploaded: 'newReport.photoUploaded',
  failed: 'newReport.photoFailed',
} as const;

const STATE_ICONS = { uploading: 'loading', uploaded: 'success', failed: 'error' } as const;

/**
 * Up to three photos: the camera on a phone, any JPEG, PNG or WebP elsewhere. Each shows as a
 * thumbnail with whether it has uploaded, and can be removed; a failed one can be tried again.
 */
export function PhotoPicker({
  photos,
  refusals,
  error,
  onAdd,
  onRemove,
  onRetry,
}: {
  photos: readonly PhotoUpload[];
  refusals: readonly string[];
  error: string | undefined;
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
}) {
  const { t, i18n } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const hintId = useId();
  const errorId = useId();
  const full = photos.length >= REPORT_MAX_PHOTOS;
  const problems = [...refusals, ...(error ? [error] : [])];

  return (
    <fieldset>
      <legend className="mb-1 text-base font-semibold text-slate-900 dark:text-white">
        {t('newReport.photos')}
      </legend>
      <p id={hintId} className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        {t('newReport.photosHint', { max: REPORT_MAX_PHOTOS, size: photoSizeLimit(i18n.language) })}
      </p>
      <input
        id={FIELD_IDS.photos}
        type="file"
        accept={REPORT_PHOTO_TYPES.join(',')}
        capture="environment"
        multiple
        disabled={full}
        aria-describedby={[hintId, problems.length > 0 ? errorId : null].filter(Boolean).join(' ')}
        className="peer sr-only"
        onChange={(event) => {
          onAdd(Array.from(event.target.files ?? []));
          // The same file chosen again after a removal is a change too.
          event.target.value = '';
        }}
      />
      <label
        htmlFor={FIELD_IDS.photos}
        className={`${secondaryButton} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
      >
        <SvgIcon icon={Camera} size={18} />
        {t('newReport.addPhoto')}
      </label>
      {problems.length > 0 ? (
        <ul
          id={errorId}
          role="alert"
          data-testid="report-photo-problems"
          className="mt-2 space-y-1"
        >
          {problems.map((problem) => (
            <li key={problem}>
              <FieldError message={problem} />
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length > 0 ? (
        <ul
          aria-label={t('newReport.photoListLabel')}
          className="mt-3 grid grid-cols-3 gap-2 sm:gap-3"
          data-testid="report-photo-list"
        >
          {photos.map((photo, index) => (
            <li
              key={photo.key}
              data-testid="report-photo"
              data-state={photo.state}
              className="relative space-y-1"
            >
              <img
                src={photo.previewUrl}
                alt={t('newReport.photoPreview', { number: index + 1, name: photo.name })}
                className="aspect-square w-full rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
              />
              <button
                type="button"
                onClick={() => onRemove(photo.key)}
                aria-label={t('newReport.photoRemove', { number: index + 1 })}
                title={t('newReport.photoRemove', { number: index + 1 })}
                className={`${iconButton} absolute top-1 right-1 size-8 bg-white/90 dark:bg-slate-900/90`}
              >
                <SvgIcon icon={X} size={16} />
              </button>
              <p className="flex items-center gap-1 text-xs text-slate-700 dark:text-slate-300">
                <StatusIcon status={STATE_ICONS[photo.state]} size={14} className="shrink-0" />
                {t(STATE_WORDS[photo.state])}
              </p>
              {photo.failure ? (
                <p className="text-xs text-red-700 dark:text-red-300">{photo.failure}</p>
              ) : null}
              {photo.state === 'failed' ? (
                <button
                  type="button"
                  onClick={() => onRetry(photo.key)}
                  className={`inline-flex items-center gap-1 rounded text-xs font-medium text-sky-700 underline dark:text-sky-300 ${focusRing}`}
                >
                  <SvgIcon icon={RotateCw} size={12} />
                  {t('newReport.photoRetry')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
