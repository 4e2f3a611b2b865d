import type { ReportPhoto } from '@smart-city/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../components/button-styles';
import { REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';

/** A report's photos as a grid of thumbnails, each a link to the photo at full size. */
export function ReportPhotos({ id, photos }: { id: string; photos: readonly ReportPhoto[] }) {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
        {t('reports.detail.photos')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="report-photos">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <a href={photo.url} className={`block rounded-lg ${focusRing}`}>
              <img
                src={photo.url}
                alt={t('reports.detail.photoAlt', { number: index + 1, id })}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="aspect-square w-full rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
