import { useTranslation } from 'react-i18next';
import { CITY_TWIN_NAMESPACES } from '../../lib/i18n/city-twin-namespace';
import { useTheme } from '../../lib/theme/theme-context';
import { TWIN_LEVEL_COLORS, TWIN_LEVELS } from './sensor-level';

/** What the colours (and, in the scene, the rings) mean. */
export function TwinLegend({ rings }: { rings: boolean }) {
  const { t } = useTranslation(CITY_TWIN_NAMESPACES);
  const { theme } = useTheme();
  return (
    <section aria-labelledby="twin-legend-title" className="text-sm">
      <h2 id="twin-legend-title" className="sr-only">
        {t('legend.title')}
      </h2>
      <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-slate-700 dark:text-slate-300">
        {TWIN_LEVELS.map((level) => (
          <li key={level} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-3 rounded-full"
              style={{ backgroundColor: TWIN_LEVEL_COLORS[theme][level] }}
            />
            {t(`legend.${level}`)}
          </li>
        ))}
        {rings ? (
          <li className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-3 rounded-full border-2"
              style={{ borderColor: TWIN_LEVEL_COLORS[theme].critical }}
            />
            {t('legend.alert')}
          </li>
        ) : null}
      </ul>
    </section>
  );
}
