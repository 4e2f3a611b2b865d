import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../components/button-styles';
import { TextField } from '../../components/form-field';
import { Icon } from '../../components/icon';
import { useCity } from '../../lib/city/city-context';
import type { BookingFormValues } from './booking-form-schema';
import { useBookingFieldError } from './use-booking-field-error';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** Five decimals place a point within about a metre. */
const COORDINATE_DECIMALS = 5;

type Locating = 'idle' | 'locating' | 'failed';

/**
 * Where help is needed: the place in words (required), and optionally its coordinates, typed or
 * read from the device with the person's permission.
 */
export function LocationFields({ showCoordinates = true }: { showCoordinates?: boolean }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { city } = useCity();
  const fieldError = useBookingFieldError();
  const {
    register,
    setValue,
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  const [locating, setLocating] = useState<Locating>('idle');
  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  const locate = () => {
    setLocating('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const options = { shouldValidate: true, shouldDirty: true };
        setValue('lat', position.coords.latitude.toFixed(COORDINATE_DECIMALS), options);
        setValue('lng', position.coords.longitude.toFixed(COORDINATE_DECIMALS), options);
        setLocating('idle');
      },
      () => setLocating('failed'),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  return (
    <div className="space-y-4">
      <TextField
        data-testid="booking-location"
        label={t('emergency.form.location')}
        hint={t('emergency.form.locationHint')}
        autoComplete="street-address"
        error={fieldError(errors.location)}
        {...register('location')}
      />
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
            {t('emergency.form.coordinatesHint', { city: city?.name ?? '' })}
          </p>
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
                  ? t('emergency.form.locating')
                  : t('emergency.form.useMyLocation')}
              </button>
              {locating === 'failed' ? (
                <p role="alert" className="text-xs font-medium text-red-700 dark:text-red-300">
                  {t('emergency.form.locateFailed')}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
