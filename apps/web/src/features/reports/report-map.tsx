import type { City } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../components/lazy-part';
import type { MapTiles } from '../../components/sensor-map/map-style';
import { Spinner } from '../../components/spinner';
import { useClientConfig } from '../../lib/client-config-query';
import { REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import type { MapPoint, MapReport } from './report-map-style';

/**
 * Props of `ReportMap`.
 *
 * - `city`: the city it frames, with its areas drawn.
 * - `reports`: reports to show as dots, coloured by status; `onOpen` is called with the id of one
 *   clicked.
 * - `point`: the chosen place, as a pin.
 * - `onPick`: makes the map a picker: a tap, or "Use the centre of the map", chooses the place.
 * - `label`: what the map shows, for assistive technology.
 * - `className`: sizes it; give it a height.
 */
export interface ReportMapProps {
  city: City;
  reports?: readonly MapReport[];
  point?: MapPoint | null;
  onPick?: (point: MapPoint) => void;
  onOpen?: (id: string) => void;
  label: string;
  className?: string;
}

/** Stands in for the map while its code or the server's map settings load. */
function ReportMapLoading({ className = '' }: { className?: string }) {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  return (
    <div
      className={`flex items-center justify-center gap-2 rounded-xl border border-slate-200 bg-slate-100 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300 ${className}`}
    >
      <Spinner size={18} />
      <span aria-hidden="true">{t('reports.map.loading')}</span>
    </div>
  );
}

// MapLibre is large: it downloads with the first map a person opens, shared with the sensor map.
const LazyReportMapView = lazyPart<
  ReportMapProps & { tiles: MapTiles | null; basemapUnreachable: boolean }
>({
  chunk: 'map',
  load: () => import('./report-map-view').then((module) => module.ReportMapView),
  loading: ({ className }) => <ReportMapLoading className={className} />,
});

/**
 * A map of reports in a city, or of one place, drawn as the sensor map is (MapLibre, one GeoJSON
 * layer however many dots, the city's areas without a base map). It is never the only way to
 * anything: the list beside it, the place in words and "Use my location" stand in for it.
 */
export function ReportMap(props: ReportMapProps) {
  const config = useClientConfig();
  if (config.isPending) return <ReportMapLoading className={props.className} />;
  // Without the settings (an error) the map still works, without a base map.
  const tileUrl = config.data?.mapTileUrl ?? null;
  const tiles: MapTiles | null = tileUrl
    ? { url: tileUrl, attribution: config.data?.mapTileAttribution ?? null }
    : null;
  return (
    <LazyReportMapView
      {...props}
      tiles={tiles}
      basemapUnreachable={config.data?.mapBasemap === 'unreachable'}
      resetKey={props.city.key}
    />
  );
}
