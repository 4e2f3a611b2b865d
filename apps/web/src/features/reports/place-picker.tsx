import { nearestArea } from '@smart-city/shared';
import type { City } from '@smart-city/shared';
import { LocateFixed, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing, secondaryButton } from '../../components/button-styles';
import { TextField } from '../../components/form-field';
import { FieldError } from './field-error';
import { SvgIcon } from '../../components/svg-icon';
import { formatCoordinates } from '../../lib/format/metric-value';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { FIELD_IDS } from './report-form';
import { ReportMap } from './report-map';
import type { MapPoint } from './report-map-style';

/** GeolocationPositionError's code for a person (or their browser) saying no. */
const LOCATION_DENIED = 1;

type Locating = 'idle' | 'locating' | 'denied' | 'unavailable' | 'unsupported';

/** A coordinate typed by hand, or null when it is not a number in range. */
function typedCoordinate(text: string, limit: number): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

/**
 * Where the problem is: the device's position when the person allows it, a tap on the map, the
 * map's centre (for a keyboard), or coordinates typed by hand. The chosen place is said in words,
 * with its area, and can be cleared.
 */
export function PlacePicker({
  city,
  point,
  onChange,
  error,
  note,
}: {
  city: City | null;
  point: MapPoint | null;
  onChange: (point: MapPoint | null) => void;
  error: string | undefined;
  /** Said under the chosen place: the city was changed to match it, or it lies outside. */
  note: string | null;
}) {
  const { t, i18n } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const [locating, setLocating] = useState<Locating>('idle');
  const [typed, setTyped] = useState({ lat: '', lng: '' });
  const [typedWrong, setTypedWrong] = useState(false);
  const errorId = useId();
  const hintId = useId();

  const locate = () => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setLocating('unsupported');
      return;
    }
    setLocating('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('idle');
        onChange({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (failure) => setLocating(failure.code === LOCATION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const applyTyped = () => {
    const lat = typedCoordinate(typed.lat, 90);
    const lng = typedCoordinate(typed.lng, 180);
    setTypedWrong(lat === null || lng === null);
    if (lat !== null && lng !== null) onChange({ lat, lng });
  };

  const area = point && city ? nearestArea(city.key, point.lat, point.lng) : undefined;
  const coordinates = point ? formatCoordinates(point.lat, point.lng, i18n.language) : '';
  const locationProblem =
    locating === 'denied'
      ? t('newReport.locationDenied')
      : locating === 'unavailable'
        ? t('newReport.locationUnavailable')
        : locating === 'unsupported'
          ? t('newReport.locationUnsupported')
          : null;

  return (
    <fieldset
      aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
      className="space-y-3"
    >
      <legend className="mb-1 text-base font-semibold text-slate-900 dark:text-white">
        {t('newReport.place')}
      </legend>
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
        {t('newReport.placeHelp')}
      </p>
      <button
        type="button"
        id={FIELD_IDS.place}
        data-testid="report-locate"
        className={`${secondaryButton} w-full sm:w-auto`}
        onClick={locate}
        disabled={locating === 'locating'}
      >
        <SvgIcon icon={LocateFixed} size={18} />
        {locating === 'locating' ? t('newReport.locating') : t('newReport.useMyLocation')}
      </button>
      {locationProblem ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {locationProblem}
        </p>
      ) : null}
      {point ? (
        <div
          data-testid="report-point"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-950/50 dark:text-sky-100"
        >
          <span role="status" className="min-w-0 flex-1 basis-48 break-words">
            {area
              ? t('newReport.chosenInArea', { coordinates, area: area.name })
              : t('newReport.chosen', { coordinates })}
          </span>
          <button
            type="button"
            onClick={() => onChange(null)}
            className={`inline-flex items-center gap-1 rounded text-sm font-medium text-sky-800 underline dark:text-sky-200 ${focusRing}`}
          >
            <SvgIcon icon={X} size={14} />
            {t('newReport.clearPlace')}
          </button>
        </div>
      ) : null}
      {note ? (
        <p role="status" className="text-sm text-amber-900 dark:text-amber-200">
          {note}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
      {city ? (
        <ReportMap
          city={city}
          point={point}
          onPick={onChange}
          label={t('newReport.mapLabel', { city: city.name })}
          className="h-64 sm:h-80"
        />
      ) : null}
      <details className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
        <summary className={`cursor-pointer rounded text-sm font-medium ${focusRing}`}>
          {t('newReport.typeCoordinates')}
        </summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('newReport.latitude')}
            inputMode="decimal"
            autoComplete="off"
            value={typed.lat}
            onChange={(event) => setTyped({ ...typed, lat: event.target.value })}
          />
          <TextField
            label={t('newReport.longitude')}
            inputMode="decimal"
            autoComplete="off"
            value={typed.lng}
            onChange={(event) => setTyped({ ...typed, lng: event.target.value })}
          />
        </div>
        {typedWrong ? (
          <p role="alert" className="mt-2 text-xs font-medium text-red-700 dark:text-red-300">
            {t('newReport.coordinatesInvalid')}
          </p>
        ) : null}
        <button type="button" className={`${secondaryButton} mt-3`} onClick={applyTyped}>
          {t('newReport.setCoordinates')}
        </button>
      </details>
    </fieldset>
  );
}
