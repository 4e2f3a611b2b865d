import { REPORT_MAX_PHOTOS, REPORT_PHOTO_MAX_BYTES } from '@smart-city/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, userFacingMessage } from '../../lib/api-client';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { photoProblem } from './report-form';
import { useUploadReportPhoto } from './upload-report-photo-mutation';

/** One photo of the report being written, from the moment it is chosen. */
export interface PhotoUpload {
  key: string;
  name: string;
  /** The photo as chosen, shown before (and whether or not) the server has it. */
  previewUrl: string;
  state: 'uploading' | 'uploaded' | 'failed';
  /** The stored photo's id, sent with the report. */
  photoId: string | null;
  /** Why the server refused it, in the reader's words; null when unknown or not refused. */
  failure: string | null;
}

/** The most a photo may weigh, in the unit the contract states it in ('5 MB'). */
export function photoSizeLimit(locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(REPORT_PHOTO_MAX_BYTES / 1024 / 1024);
}

/**
 * The photos of a report being written: each chosen file is checked against the contract's type
 * and size before any byte is sent, then uploaded at once, so the report itself goes quickly. A
 * refused file is said in words and never uploaded; a failed upload can be tried again or removed.
 */
export function usePhotoUploads() {
  const { t, i18n } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const { mutateAsync: uploadPhoto } = useUploadReportPhoto();
  const [photos, setPhotos] = useState<PhotoUpload[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const files = useRef(new Map<string, File>());
  const previews = useRef(new Map<string, string>());
  const nextKey = useRef(0);

  // The previews live as long as the form.
  useEffect(() => {
    const shown = previews.current;
    return () => {
      for (const url of shown.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const update = useCallback((key: string, change: Partial<PhotoUpload>) => {
    setPhotos((current) =>
      current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)),
    );
  }, []);

  const failureOf = useCallback(
    (error: unknown, name: string): string | null => {
      if (error instanceof ApiRequestError && error.status === 413) {
        return t('newReport.photoTooLarge', { name, size: photoSizeLimit(i18n.language) });
      }
      if (error instanceof ApiRequestError && error.status === 415) {
        return t('newReport.photoWrongType', { name });
      }
      return userFacingMessage(error);
    },
    [t, i18n.language],
  );

  const send = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (!file) return;
      update(key, { state: 'uploading', failure: null });
      uploadPhoto(file).then(
        (stored) => update(key, { state: 'uploaded', photoId: stored.id }),
        (error: unknown) => update(key, { state: 'failed', failure: failureOf(error, file.name) }),
      );
    },
    [uploadPhoto, update, failureOf],
  );

  const add = (chosen: readonly File[]) => {
    const refused: string[] = [];
    const added: PhotoUpload[] = [];
    for (const file of chosen) {
      const problem = photoProblem(file);
      if (problem === 'type') {
        refused.push(t('newReport.photoWrongType', { name: file.name }));
      } else if (problem === 'size') {
        refused.push(
          t('newReport.photoTooLarge', { name: file.name, size: photoSizeLimit(i18n.language) }),
        );
      } else if (photos.length + added.length >= REPORT_MAX_PHOTOS) {
        refused.push(t('newReport.photoTooMany', { max: REPORT_MAX_PHOTOS, name: file.name }));
      } else {
        const key = `photo-${nextKey.current++}`;
        const previewUrl = URL.createObjectURL(file);
        files.current.set(key, file);
        previews.current.set(key, previewUrl);
        added.push({
          key,
          name: file.name,
          previewUrl,
          state: 'uploading',
          photoId: null,
          failure: null,
        });
      }
    }
    setRefusals(refused);
    if (added.length === 0) return;
    setPhotos((current) => [...current, ...added]);
    for (const photo of added) send(photo.key);
  };

  const remove = (key: string) => {
    const url = previews.current.get(key);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(key);
    files.current.delete(key);
    setPhotos((current) => current.filter((photo) => photo.key !== key));
  };

  return {
    photos,
    /** What was said about the files just chosen that were not taken. */
    refusals,
    add,
    remove,
    retry: send,
    /** The stored photos' ids, in the order they were chosen. */
    photoIds: photos.flatMap((photo) => (photo.photoId ? [photo.photoId] : [])),
    /** Some photo is still on its way, or failed: the report waits for them. */
    unsettled: photos.some((photo) => photo.state !== 'uploaded'),
  };
}
