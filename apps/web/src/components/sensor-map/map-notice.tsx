import { useTranslation } from 'react-i18next';
import { Spinner } from '../spinner';

const FRAME =
  'flex items-center justify-center rounded-xl border text-sm text-slate-600 dark:text-slate-300';

/** Stands in for the map while its code or configuration loads. */
export function MapLoading({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="sensor-map-loading"
      className={`${FRAME} gap-2 border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <Spinner size={18} />
      <span aria-hidden="true">{t('sensors.map.loading')}</span>
    </div>
  );
}

/** Stands in for a map that cannot run here (no WebGL, its code failed to load). */
export function MapFailed({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      data-testid="sensor-map-failed"
      className={`${FRAME} border-dashed border-slate-300 bg-white p-6 text-center dark:border-slate-700 dark:bg-slate-900 ${className}`}
    >
      {t('sensors.map.failed')}
    </div>
  );
}

/**
 * Said over the plain view when a base map was meant to be there (the tile server cannot be
 * reached): the areas and the sensors are still right, only the streets are missing.
 */
export function BasemapUnavailable({ large = false }: { large?: boolean }) {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      data-testid="basemap-unavailable"
      className={`pointer-events-none absolute top-2 left-2 z-10 max-w-[70%] rounded-md bg-white/90 px-2 py-1 ${large ? 'text-base' : 'text-xs'} font-medium text-slate-700 shadow-sm dark:bg-slate-900/90 dark:text-slate-200`}
    >
      {t('sensors.map.basemapUnavailable')}
      <span className="hidden font-normal sm:inline">
        {' · '}
        {t('sensors.map.basemapPlain')}
      </span>
    </p>
  );
}
