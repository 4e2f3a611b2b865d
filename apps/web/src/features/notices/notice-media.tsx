import { youtubeVideoId } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import type { CachedNotice } from '../../lib/notices/notice-cache';

/** The privacy-enhanced YouTube player: no cookies until the reader plays the video. */
function youtubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`;
}

const linkClass =
  'font-medium text-sky-700 underline underline-offset-2 hover:text-sky-600 dark:text-sky-300 dark:hover:text-sky-200';

/** A notice's video: a YouTube embed for YouTube links, the browser's own player for video files. */
export function NoticeVideo({ notice }: { notice: CachedNotice }) {
  const { t } = useTranslation();
  if (!notice.videoUrl) return null;
  const videoId = youtubeVideoId(notice.videoUrl);
  const title = t('notices.videoTitle', { title: notice.title });
  if (videoId) {
    return (
      <div className="aspect-video w-full overflow-hidden rounded-lg bg-slate-900">
        <iframe
          data-testid="notice-youtube"
          src={youtubeEmbedUrl(videoId)}
          title={title}
          className="size-full"
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <video
      data-testid="notice-video"
      controls
      preload="metadata"
      src={notice.videoUrl}
      aria-label={title}
      className="aspect-video w-full rounded-lg bg-slate-900"
    >
      <p>
        {t('notices.videoFallback')}{' '}
        <a href={notice.videoUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {t('notices.openVideo')}
        </a>
      </p>
    </video>
  );
}

/** The notice's link: a new tab that cannot reach back into this one or learn where it came from. */
export function NoticeLink({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm">
      <a
        data-testid="notice-link"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className={`${linkClass} break-all`}
      >
        {t('notices.moreInformation')}: {href}
        <span className="sr-only"> {t('notices.opensInNewTab')}</span>
      </a>
    </p>
  );
}
