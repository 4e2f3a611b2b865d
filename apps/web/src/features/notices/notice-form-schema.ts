import {
  isHttpUrl,
  isVideoFileUrl,
  NOTICE_CONTENT_MAX_LENGTH,
  NOTICE_CONTENT_MIN_LENGTH,
  NOTICE_TITLE_MAX_LENGTH,
  NOTICE_TITLE_MIN_LENGTH,
  NOTICE_URL_MAX_LENGTH,
  youtubeVideoId,
} from '@smart-city/shared';
import type { Notice } from '@smart-city/shared';
import { z } from 'zod';
import type { enSignedIn } from '../../lib/i18n/en-signed-in';

/** A message of the form: a translation key under notices.validation. */
export type NoticeValidationKey =
  `notices.validation.${keyof typeof enSignedIn.notices.validation}`;

const key = (name: keyof typeof enSignedIn.notices.validation): NoticeValidationKey =>
  `notices.validation.${name}`;

export function isNoticeValidationKey(message: string): message is NoticeValidationKey {
  return message.startsWith('notices.validation.');
}

/** The numbers the messages interpolate. */
export const NOTICE_LIMITS = {
  titleMin: NOTICE_TITLE_MIN_LENGTH,
  titleMax: NOTICE_TITLE_MAX_LENGTH,
  contentMin: NOTICE_CONTENT_MIN_LENGTH,
  contentMax: NOTICE_CONTENT_MAX_LENGTH,
};

const optionalLink = (valid: (value: string) => boolean, message: NoticeValidationKey) =>
  z
    .string()
    .trim()
    .max(NOTICE_URL_MAX_LENGTH, message)
    .refine((value) => value === '' || valid(value), message);

/** The compose form, checked by the same rules as POST /api/notices (bounds from the contract). */
export const noticeFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(NOTICE_TITLE_MIN_LENGTH, key('titleTooShort'))
    .max(NOTICE_TITLE_MAX_LENGTH, key('titleTooLong')),
  content: z
    .string()
    .trim()
    .min(NOTICE_CONTENT_MIN_LENGTH, key('contentTooShort'))
    .max(NOTICE_CONTENT_MAX_LENGTH, key('contentTooLong')),
  imageUrl: optionalLink(isHttpUrl, key('urlInvalid')),
  videoUrl: optionalLink(
    (value) => youtubeVideoId(value) !== null || isVideoFileUrl(value),
    key('videoInvalid'),
  ),
  linkUrl: optionalLink(isHttpUrl, key('urlInvalid')),
});

export type NoticeFormValues = z.infer<typeof noticeFormSchema>;
export type NoticeFormField = keyof NoticeFormValues;

export function isNoticeFormField(name: string): name is NoticeFormField {
  return Object.hasOwn(noticeFormSchema.shape, name);
}

/** A notice's fields as the form holds them: a missing link is an empty field. */
export function formValuesOf(notice: Notice): NoticeFormValues {
  return {
    title: notice.title,
    content: notice.content,
    imageUrl: notice.imageUrl ?? '',
    videoUrl: notice.videoUrl ?? '',
    linkUrl: notice.linkUrl ?? '',
  };
}
