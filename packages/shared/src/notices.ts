import { z } from 'zod';
import type { Endpoint } from './endpoints';
import { idParamsSchema } from './path-params';
import { canPublishNotices } from './policies';
import { idempotencyHeadersSchema } from './requests';

export const NOTICE_TITLE_MIN_LENGTH = 3;
export const NOTICE_TITLE_MAX_LENGTH = 120;
export const NOTICE_CONTENT_MIN_LENGTH = 10;
export const NOTICE_CONTENT_MAX_LENGTH = 5_000;
export const NOTICE_URL_MAX_LENGTH = 2_048;

/** The file endings a notice video may have when it is not a YouTube link. */
export const NOTICE_VIDEO_FILE_EXTENSIONS = ['mp4', 'webm', 'ogg', 'ogv', 'mov', 'm4v'] as const;

/** The author a notice shows when none was recorded: notices speak for the administration. */
export const DEFAULT_NOTICE_AUTHOR = 'admin';

/** The snake_case names of older clients and servers, and the field each one maps to. */
const LEGACY_FIELDS = {
  image_url: 'imageUrl',
  video_url: 'videoUrl',
  link_url: 'linkUrl',
  created_at: 'createdAt',
} as const;

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Whether a value is an absolute http or https address with a host. */
export function isHttpUrl(value: string): boolean {
  const url = parseUrl(value);
  return (
    url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  );
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com'];
const YOUTUBE_PATH_PREFIXES = ['embed', 'shorts', 'live', 'v'];

/**
 * The video id of a YouTube link (youtube.com/watch?v=…, /embed/…, /shorts/…, /live/… or
 * youtu.be/…), or null when the address is not a YouTube video.
 */
export function youtubeVideoId(value: string): string | null {
  if (!isHttpUrl(value)) return null;
  const url = new URL(value);
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = segments[0];
  else if (YOUTUBE_HOSTS.includes(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (segments[0] && YOUTUBE_PATH_PREFIXES.includes(segments[0])) id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** Whether an address is an http(s) link straight to a video file (.mp4, .webm, …). */
export function isVideoFileUrl(value: string): boolean {
  if (!isHttpUrl(value)) return false;
  const extension = new URL(value).pathname.toLowerCase().split('.').pop() ?? '';
  return (NOTICE_VIDEO_FILE_EXTENSIONS as readonly string[]).includes(extension);
}

const titleField = z
  .string()
  .trim()
  .min(NOTICE_TITLE_MIN_LENGTH, `must be at least ${NOTICE_TITLE_MIN_LENGTH} characters`)
  .max(NOTICE_TITLE_MAX_LENGTH, `must be at most ${NOTICE_TITLE_MAX_LENGTH} characters`);

const contentField = z
  .string()
  .trim()
  .min(NOTICE_CONTENT_MIN_LENGTH, `must be at least ${NOTICE_CONTENT_MIN_LENGTH} characters`)
  .max(NOTICE_CONTENT_MAX_LENGTH, `must be at most ${NOTICE_CONTENT_MAX_LENGTH} characters`);

const httpUrlField = z
  .string()
  .trim()
  .max(NOTICE_URL_MAX_LENGTH, `must be at most ${NOTICE_URL_MAX_LENGTH} characters`)
  .refine(isHttpUrl, 'must be an http or https address');

const videoUrlField = z
  .string()
  .trim()
  .max(NOTICE_URL_MAX_LENGTH, `must be at most ${NOTICE_URL_MAX_LENGTH} characters`)
  .refine(
    (value) => youtubeVideoId(value) !== null || isVideoFileUrl(value),
    `must be a YouTube link (youtube.com or youtu.be) or an http(s) link to a video file ` +
      `(${NOTICE_VIDEO_FILE_EXTENSIONS.map((e) => `.${e}`).join(', ')})`,
  );

/** A notice as the API answers it and the live `notice:created` event carries it. */
export const noticeSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    imageUrl: z.string().nullable(),
    videoUrl: z.string().nullable(),
    linkUrl: z.string().nullable(),
    /** The name of the admin who published it. */
    author: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Notice' });

export type Notice = z.infer<typeof noticeSchema>;

/** Live `notice:created`, sent to every connected client when an admin publishes a notice. */
export const noticeCreatedEventSchema = noticeSchema;

export type NoticeCreatedEvent = Notice;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Copies the snake_case fields of older clients onto their camel-case names (camel case wins). */
export function mapLegacyNoticeFields(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const mapped: Record<string, unknown> = { ...value };
  for (const [legacy, current] of Object.entries(LEGACY_FIELDS)) {
    if (legacy in mapped) {
      if (mapped[current] === undefined) mapped[current] = mapped[legacy];
      delete mapped[legacy];
    }
  }
  return mapped;
}

/** Treats an empty link as "no link": `null` in an update (clears it), absent in a new notice. */
function blankLinksAs(empty: null | undefined) {
  return (value: unknown): unknown => {
    const mapped = mapLegacyNoticeFields(value);
    if (!isRecord(mapped)) return mapped;
    for (const field of ['imageUrl', 'videoUrl', 'linkUrl']) {
      const link = mapped[field];
      if (link === null || (typeof link === 'string' && link.trim() === '')) mapped[field] = empty;
    }
    return mapped;
  };
}

/**
 * `POST /api/notices` body. The author is the signed-in admin: an `author` in the body is ignored,
 * as are other unknown fields. Accepts older clients' image_url, video_url and link_url too.
 */
export const createNoticeSchema = z.preprocess(
  blankLinksAs(undefined),
  z
    .object({
      title: titleField,
      content: contentField,
      imageUrl: httpUrlField.optional(),
      videoUrl: videoUrlField.optional(),
      linkUrl: httpUrlField.optional(),
    })
    .meta({ id: 'CreateNotice' }),
);

export type CreateNotice = z.infer<typeof createNoticeSchema>;

/** `PATCH /api/notices/:id` body: any of the fields; a link set to null (or "") is removed. */
export const updateNoticeSchema = z.preprocess(
  blankLinksAs(null),
  z
    .object({
      title: titleField.optional(),
      content: contentField.optional(),
      imageUrl: httpUrlField.nullable().optional(),
      videoUrl: videoUrlField.nullable().optional(),
      linkUrl: httpUrlField.nullable().optional(),
    })
    .refine((body) => Object.values(body).some((v) => v !== undefined), {
      message: 'name at least one field to change',
    })
    .meta({ id: 'UpdateNotice' }),
);

export type UpdateNotice = z.infer<typeof updateNoticeSchema>;

/** `GET /api/notices`: newest first. */
export const noticeListResponseSchema = z
  .object({ data: z.array(noticeSchema) })
  .meta({ id: 'NoticeList' });

export type NoticeListResponse = z.infer<typeof noticeListResponseSchema>;

/** `POST /api/notices`, `GET`/`PATCH /api/notices/:id`. */
export const noticeResponseSchema = z.object({ data: noticeSchema }).meta({ id: 'NoticeResponse' });

export type NoticeResponse = z.infer<typeof noticeResponseSchema>;

/**
 * A notice as a client receives it from any server: older servers' image_url, video_url,
 * link_url and created_at map to the camel-case fields, a missing link is null and a missing
 * author is the default author.
 */
export const incomingNoticeSchema = z.preprocess((value) => {
  const mapped = mapLegacyNoticeFields(value);
  if (!isRecord(mapped)) return mapped;
  return {
    ...mapped,
    imageUrl: mapped.imageUrl ?? null,
    videoUrl: mapped.videoUrl ?? null,
    linkUrl: mapped.linkUrl ?? null,
    author: mapped.author ?? DEFAULT_NOTICE_AUTHOR,
  };
}, noticeSchema);

/** `GET /api/notices` as a client reads it from any server (see `incomingNoticeSchema`). */
export const incomingNoticeListResponseSchema = z.object({ data: z.array(incomingNoticeSchema) });

/** One notice in `{ data }` as a client reads it from any server. */
export const incomingNoticeResponseSchema = z.object({ data: incomingNoticeSchema });

/** The notices API: everyone reads, admins publish, change and remove. */
export const NOTICE_ENDPOINTS = {
  list: {
    method: 'get',
    path: '/api/notices',
    summary: 'Every city notice, newest first (public)',
    tags: ['Notices'],
    access: 'public',
    status: 200,
    response: noticeListResponseSchema,
    description: 'The notices',
  },
  get: {
    method: 'get',
    path: '/api/notices/{id}',
    summary: 'One city notice (public)',
    tags: ['Notices'],
    access: 'public',
    params: idParamsSchema,
    status: 200,
    response: noticeResponseSchema,
    description: 'The notice',
    errors: { 404: 'No such notice' },
  },
  create: {
    method: 'post',
    path: '/api/notices',
    summary: 'Publishes a notice under the signed-in admin’s name and announces it live (admin)',
    tags: ['Notices'],
    access: canPublishNotices,
    headers: idempotencyHeadersSchema,
    body: createNoticeSchema,
    status: 201,
    response: noticeResponseSchema,
    description: 'The published notice',
    alsoStatus: {
      status: 200,
      description: 'The notice this Idempotency-Key published before, with the same body',
    },
    errors: {
      403: 'Only admins publish notices',
      409: 'The Idempotency-Key was used before for a different notice',
    },
  },
  update: {
    method: 'patch',
    path: '/api/notices/{id}',
    summary: 'Changes a notice; a link set to null is removed; recorded in the ledger (admin)',
    tags: ['Notices'],
    access: canPublishNotices,
    params: idParamsSchema,
    body: updateNoticeSchema,
    status: 200,
    response: noticeResponseSchema,
    description: 'The changed notice',
    errors: { 403: 'Only admins edit notices', 404: 'No such notice' },
  },
  remove: {
    method: 'delete',
    path: '/api/notices/{id}',
    summary: 'Removes a notice; recorded in the ledger (admin)',
    tags: ['Notices'],
    access: canPublishNotices,
    params: idParamsSchema,
    status: 204,
    description: 'Removed',
    errors: { 403: 'Only admins remove notices', 404: 'No such notice' },
  },
} as const satisfies Record<string, Endpoint>;
