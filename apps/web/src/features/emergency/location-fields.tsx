import { nearestArea } from '@smart-city/shared';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PersonsWords } from '../../components/persons-words';
import { focusRing, secondaryButton } from '../../components/button-styles';
import { TextField } from '../../components/form-field';
import { Icon } from '../../components/icon';
import { useCity } from '../../lib/city/city-context';
import type { BookingFormValues } from './booking-form-schema';
import { useBookingFieldError } from './use-booking-field-error';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** Five decimals place a point within about a metre. */
const COORDINATE_DECIMALS = 5;

type Locating = 'idle' | 'locating' | 'failed';

const chipClass = `inline-flex max-w-full items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-left text-sm text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 ${focusRing}`;

/**
 * Where help is needed: the place in words (required) and, with the person's permission, the
 * device's position, sent as coordinates and named by the city's area it lies in. Nothing is
 * filled in unasked: earlier places are offered to pick from, and the full form also takes
 * coordinates typed by hand.
 */
export function LocationFields({
  showCoordinates = true,
  recentPlaces = [],
}: {
  showCoordinates?: boolean;
  /** Places of the person's earlier bookings, newest first. */
  recentPlaces?: readonly string[];
}) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { city, cityKey } = useCity();
  const fieldError = useBookingFieldError();
  const {
    register,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  const [lat, lng] = useWatch({ control, name: ['lat', 'lng'] });
  const [locating, setLocating] = useState<Locating>('idle');
  // The text the position wrote into the place, so a new position may replace it but never
  // overwrite what the person typed.
  const [filledText, setFilledText] = useState<string | null>(null);
  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const options = { shouldValidate: true, shouldDirty: true };

  const located = lat.trim() !== '' && lng.trim() !== '';
  const area = located ? nearestArea(cityKey, Number(lat), Number(lng)) : undefined;
  const point = area
    ? t('emergency.truth.place.pointNear', { latitude: lat, longitude: lng, area: area.name })
    : t('emergency.truth.place.point', { latitude: lat, longitude: lng });

  const locate = () => {
    setLocating('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const latText = position.coords.latitude.toFixed(COORDINATE_DECIMALS);
        const lngText = position.coords.longitude.toFixed(COORDINATE_DECIMALS);
        setValue('lat', latText, options);
        setValue('lng', lngText, options);
        const current = getValues('location').trim();
        if (current === '' || current === filledText) {
          const near = nearestArea(cityKey, position.coords.latitude, position.coords.longitude);
          const text = near
            ? t('emergency.truth.place.filled', {
                area: near.name,
                latitude: latText,
                longitude: lngText,
              })
            : t('emergency.truth.place.filledNoArea', { latitude: latText, longitude: lngText });
          setValue('location', text, options);
          setFilledText(text);
        }
        setLocating('idle');
      },
      () => setLocating('failed'),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const clearPoint = () => {
    setValue('lat', '', options);
    setValue('lng', '', options);
    if (filledText !== null && getValues('location').trim() === filledText) {
      setValue('location', '', options);
    }
    setFilledText(null);
  };

  const pointError = fieldError(errors.lat) ?? fieldError(errors.lng);

  return (
    <div className="space-y-3">
      <TextField
        data-testid="booking-location"
        label={t('emergency.form.location')}
        hint={t('emergency.form.locationHint')}
        autoComplete="street-address"
        error={fieldError(errors.location)}
        {...register('location')}
      />
      {canLocate ? (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={secondaryButton}
            onClick={locate}
            disabled={locating === 'locating'}
            data-testid="booking-locate"
          >
            <Icon name="map-pin" size={16} />
            {locating === 'locating'
              ? t('emergency.truth.place.locating')
              : t('emergency.truth.place.useMyLocation')}
          </button>
          {locating === 'failed' ? (
            <p role="alert" className="text-xs font-medium text-red-700 dark:text-red-300">
              {t('emergency.truth.place.failed')}
            </p>
          ) : null}
        </div>
      ) : null}
      {!showCoordinates && located ? (
        <div
          data-testid="booking-point"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-950/40 dark:text-sky-100"
        >
          <Icon name="map-pin" size={16} className="shrink-0" />
          <span className="min-w-0 flex-1 basis-48 break-words">
            {t('emergency.truth.place.sent', { point })}
          </span>
          <button
            type="button"
            onClick={clearPoint}
            data-testid="booking-point-clear"
            className={`rounded text-sm font-medium text-sky-800 underline dark:text-sky-200 ${focusRing}`}
          >
            {t('emergency.truth.place.clear')}
          </button>
        </div>
      ) : null}
      {!showCoordinates && pointError ? (
        <p role="alert" className="text-xs font-medium text-red-700 dark:text-red-300">
          {pointError}
        </p>
      ) : null}
      {recentPlaces.length > 0 ? (
        <div>
          <p
            id="recent-places-label"
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t('emergency.truth.place.recent')}
          </p>
          <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">
            {t('emergency.truth.place.recentHint')}
          </p>
          <ul
            aria-labelledby="recent-places-label"
            className="flex flex-wrap gap-2"
            data-testid="recent-places"
          >
            {recentPlaces.map((place) => (
              <li key={place} className="max-w-full">
                <button
                  type="button"
                  className={chipClass}
                  onClick={() => {
                    setValue('location', place, options);
                    setFilledText(null);
                  }}
                >
                  <Icon name="clock" size={14} className="shrink-0" />
                  <PersonsWords className="truncate">{place}</PersonsWords>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {showCoordinates ? (
        <div className="space-y-2">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              data-testid="booking-lat"
              label={t('emergency.form.lat')}
              inputMode="decimal"
              autoComplete="off"
              error={fieldError(errors.lat)}
              {...register('lat')}
            />
            <TextField
              data-testid="booking-lng"
              label={t('emergency.form.lng')}
              inputMode="decimal"
              autoComplete="off"
              error={fieldError(errors.lng)}
              {...register('lng')}
            />
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {located
              ? t('emergency.truth.place.sent', { point })
              : t('emergency.form.coordinatesHint', { city: city?.name ?? '' })}
          </p>
        </div>
      ) : null}
    </div>
  );
}
