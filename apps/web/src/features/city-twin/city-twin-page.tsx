import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { focusRing, pressedColors, unpressedColors } from '../../components/button-styles';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { lazyPart } from '../../components/lazy-part';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { StaleAsOf } from '../../components/stale-as-of';
import { useCity } from '../../lib/city/city-context';
import { formatNumber } from '../../lib/format/numbers';
import { CITY_TWIN_NAMESPACES } from '../../lib/i18n/city-twin-namespace';
import { SENSOR_PARAM } from '../../lib/paths';
import { useTheme } from '../../lib/theme/theme-context';
import { useCityTwin } from './city-twin-query';
import type { TwinData } from './city-twin-query';
import { TwinLegend } from './twin-legend';
import type { TwinSceneProps } from './twin-scene';
import { TwinSensorList, TwinSensorMirror } from './twin-sensor-list';
import { TwinSensorPanel } from './twin-sensor-panel';
import { TwinStats } from './twin-stats';
import { usePrefersReducedMotion } from './use-reduced-motion';
import { webGLSupport } from './webgl-support';

/** What the screen does with live events; the app hands it to the connection as the screen opens. */
export { cityTwinLive as liveModule } from './city-twin.live';

/** The room the scene takes, also while its code and the sensors load. */
const SCENE_HEIGHT = 'h-[22rem] sm:h-[30rem] lg:h-[36rem]';

function SceneLoading({ className }: { className?: string }) {
  return (
    <div
      className={`flex items-center justify-center rounded-xl border border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-950 ${className ?? ''}`}
      data-testid="twin-scene-loading"
    >
      <Spinner size={28} />
    </div>
  );
}

// three.js and its React renderer are the twin's alone: they download with the scene, never
// with another screen.
const LazyTwinScene = lazyPart<TwinSceneProps>({
  chunk: 'twin',
  load: () => import('./twin-scene').then((module) => module.TwinScene),
  loading: ({ className }) => <SceneLoading className={className} />,
});

const selectCount = (data: TwinData) => data.layout.ids.length;

/**
 * The 3D City Twin: the chosen city's ground, blocks and landmarks with every sensor at its place,
 * coloured by its live value and status and ringed while an alert is active. Beside it the chosen
 * sensor's panel and the statistics; under it, for keyboards and screen readers, the list of the
 * scene's sensors. Where WebGL is missing the list is shown instead of the scene.
 */
export function CityTwinPage() {
  const { t, i18n } = useTranslation(CITY_TWIN_NAMESPACES);
  const { city, cityKey } = useCity();
  const { theme } = useTheme();
  const reducedMotion = usePrefersReducedMotion();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get(SENSOR_PARAM);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [showStats, setShowStats] = useState(false);
  // A view the CPU draws turns only when asked: a few frames a second would turn by jolts.
  const [rotating, setRotating] = useState(() => !webGLSupport().software);
  const [openedByReader, setOpenedByReader] = useState(false);
  const helpId = useId();
  const twin = useCityTwin(cityKey, selectCount);
  const support = webGLSupport();
  const webgl = support.available;

  const openSensor = useCallback(
    (id: string) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set(SENSOR_PARAM, id);
        return next;
      });
      setOpenedByReader(true);
    },
    [setParams],
  );
  const closeSensor = () =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete(SENSOR_PARAM);
      return next;
    });
  const stopRotating = useCallback(() => setRotating(false), []);

  const cityName = city?.name ?? '';
  const count = twin.data;
  const header = (
    <>
      <PageHeader
        title={t('signedIn:screens.cityTwin.title')}
        actions={
          count !== undefined ? (
            <div className="flex flex-col items-end gap-0.5">
              <p
                className="text-sm font-medium text-slate-700 dark:text-slate-300"
                data-testid="twin-sensor-count"
                data-count={count}
              >
                {t('sensorCount', { count, formatted: formatNumber(count, i18n.language) })}
              </p>
              <StaleAsOf updatedAt={twin.dataUpdatedAt} testId="twin-stale" />
            </div>
          ) : null
        }
      />
      {cityName ? (
        <p className="-mt-4 mb-6 text-sm text-slate-600 dark:text-slate-400">
          {t('intro', { city: cityName })}
        </p>
      ) : null}
    </>
  );

  if (twin.isError) {
    return (
      <>
        {header}
        <QueryError
          message={t('loadFailed')}
          onRetry={() => void twin.refetch()}
          retrying={twin.isFetching}
          testId="twin-error"
        />
      </>
    );
  }
  if (count === 0) {
    return (
      <>
        {header}
        <EmptyState
          icon={<Icon name="city-twin" />}
          title={t('empty', { city: cityName })}
          description={t('emptyHint')}
        />
      </>
    );
  }

  const toggle = (pressed: boolean) =>
    `inline-flex items-center gap-2 rounded-lg border px-4 py-2 text-sm font-semibold shadow-sm ${focusRing} ${
      pressed
        ? `border-sky-700 ${pressedColors}`
        : `border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-800 ${unpressedColors}`
    }`;
  const toolbar = (
    <div className="mb-3 flex flex-wrap items-start gap-2">
      <button
        type="button"
        aria-expanded={showStats}
        aria-controls={showStats ? 'twin-stats' : undefined}
        data-testid="twin-stats-toggle"
        onClick={() => setShowStats((shown) => !shown)}
        className={toggle(showStats)}
      >
        <Icon name="analytics" size={16} />
        {t('stats.toggle')}
      </button>
      {webgl && !reducedMotion ? (
        <button
          type="button"
          aria-pressed={rotating}
          data-testid="twin-rotation-toggle"
          onClick={() => setRotating((on) => !on)}
          className={toggle(rotating)}
        >
          {t('rotation.toggle')}
        </button>
      ) : null}
      {webgl ? (
        <details
          className="min-w-0 rounded-lg border border-slate-300 bg-white text-sm text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200"
          data-testid="twin-help"
        >
          <summary
            className={`cursor-pointer rounded-lg px-4 py-2 font-semibold text-slate-800 dark:text-slate-100 ${focusRing}`}
          >
            {t('help.title')}
          </summary>
          <ul id={helpId} className="list-disc space-y-1 px-4 pb-3 pl-8">
            <li>{t('help.drag')}</li>
            <li>{t('help.keys')}</li>
            <li>{t('help.tab')}</li>
            <li>{t('help.point')}</li>
          </ul>
        </details>
      ) : null}
    </div>
  );

  const scene =
    !city || count === undefined ? (
      <SceneLoading className={SCENE_HEIGHT} />
    ) : webgl ? (
      <LazyTwinScene
        key={city.key}
        resetKey={city.key}
        city={city}
        theme={theme}
        reducedMotion={reducedMotion}
        softwareRendering={support.software}
        rotating={rotating && !reducedMotion}
        onUserMove={stopRotating}
        focusedId={focusedId}
        selectedId={selectedId}
        onSelect={openSensor}
        label={t('sceneLabel', { city: city.name, count })}
        describedBy={helpId}
        className={SCENE_HEIGHT}
      />
    ) : (
      <div className="space-y-4">
        <InlineAlert tone="warning" title={t('noWebgl.title')} testId="twin-no-webgl">
          {t('noWebgl.body')}
        </InlineAlert>
        <TwinSensorList city={cityKey} selectedId={selectedId} onOpen={openSensor} />
      </div>
    );

  return (
    <>
      {header}
      {toolbar}
      {/* On small screens the sensor's panel follows the scene, before the statistics. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-3 lg:col-span-2">
          {scene}
          <TwinLegend rings={webgl} />
          {webgl && count !== undefined ? (
            <TwinSensorMirror city={cityKey} onFocusSensor={setFocusedId} onOpen={openSensor} />
          ) : null}
        </div>
        <div className="min-w-0 lg:row-span-2">
          {selectedId ? (
            <TwinSensorPanel
              key={selectedId}
              city={cityKey}
              id={selectedId}
              onClose={closeSensor}
              takeFocus={openedByReader}
            />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:bg-slate-900/50 dark:text-slate-400">
              {t(webgl ? 'choose' : 'chooseFromList')}
            </p>
          )}
        </div>
        {showStats ? (
          <div className="min-w-0 lg:col-span-2">
            <TwinStats city={cityKey} />
          </div>
        ) : null}
      </div>
    </>
  );
}
