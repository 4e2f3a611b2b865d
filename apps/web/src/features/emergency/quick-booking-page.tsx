import { URGENCIES } from '@smart-city/shared';
import type { EmergencyCatalogue } from '@smart-city/shared';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { focusRing } from '../../components/button-styles';
import { inputClass, labelClass } from '../../components/form-field';
import { Icon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { PageHeader } from '../../components/page-header';
import { READING_WIDTH } from '../../components/page-width';
import { QueryContent } from '../../components/query-states';
import { useAuth } from '../../lib/auth/auth-context';
import { useCity } from '../../lib/city/city-context';
import { PATHS } from '../../lib/paths';
import { bookingsOf, useBookings } from './bookings-query';
import { useCatalogue } from './catalogue-query';
import { ContactFields } from './contact-fields';
import { LiveFee } from './live-fee';
import { LocationFields } from './location-fields';
import { useBookingForm } from './use-booking-form';
import { useSubmitBooking } from './use-submit-booking';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** What the screen does with live events; the app hands it to the connection as the screen opens. */
export { emergencyLive as liveModule } from './emergency.live';

const confirmButton = `inline-flex w-full items-center justify-center gap-2 rounded-xl bg-red-700 px-5 py-4 text-lg font-bold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
const selectClass = `${inputClass} border-slate-300 dark:border-slate-600`;

/** The most earlier places offered to pick from. */
const RECENT_PLACES = 3;

/**
 * The distinct places of the person's own latest bookings: offered as choices, never filled in,
 * since help sent to where someone was last time goes to the wrong door.
 */
function useRecentPlaces(): string[] {
  const query = useBookings({ view: 'mine', status: 'all' });
  const places = bookingsOf(query.data).map((booking) => booking.location);
  return [...new Set(places)].slice(0, RECENT_PLACES);
}

function QuickForm({ catalogue }: { catalogue: EmergencyCatalogue }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { city } = useCity();
  const recentPlaces = useRecentPlaces();
  const { user } = useAuth();
  const profilePhone = Boolean(user?.phone?.trim());
  const form = useBookingForm();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const { submit } = useSubmitBooking(setError);
  const [service, urgency] = useWatch({ control, name: ['service', 'urgency'] });

  const serverError = errors.root?.server;
  const fullForm = `${PATHS.emergency}?${new URLSearchParams({ tab: 'book', service, urgency }).toString()}`;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        data-testid="quick-booking-form"
        onSubmit={(event) => void handleSubmit(submit)(event)}
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
      >
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('emergency.truth.quickIntro', { city: city?.name ?? '' })}
        </p>
        {serverError ? (
          <InlineAlert tone="error" title={t('emergency.form.refused')} testId="booking-error">
            {serverError.message || null}
          </InlineAlert>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="quick-service" className={labelClass}>
              {t('emergency.form.service')}
            </label>
            <select
              id="quick-service"
              data-testid="quick-service"
              className={selectClass}
              {...register('service', { onChange: () => setValue('addOns', []) })}
            >
              {catalogue.services.map((option) => (
                <option key={option.id} value={option.id}>
                  {t(`emergency.services.${option.id}`, { defaultValue: option.name })}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="quick-urgency" className={labelClass}>
              {t('emergency.form.urgency')}
            </label>
            <select
              id="quick-urgency"
              data-testid="quick-urgency"
              className={selectClass}
              {...register('urgency')}
            >
              {URGENCIES.map((option) => (
                <option key={option} value={option}>
                  {t(`emergency.urgency.${option}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <LocationFields showCoordinates={false} recentPlaces={recentPlaces} />
        <div className="space-y-2">
          {/* Only a phone the profile really holds is said to come from it. */}
          <p
            data-testid="booking-phone-source"
            className="text-sm text-slate-600 dark:text-slate-400"
          >
            {profilePhone
              ? t('emergency.truth.phone.fromProfile')
              : t('emergency.truth.phone.missing')}
          </p>
          <ContactFields full={false} />
        </div>
        <div className="rounded-lg bg-slate-50 p-4 dark:bg-slate-950/40">
          <h2 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">
            {t('emergency.quote.title')}
          </h2>
          <LiveFee compact />
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            {t('emergency.quick.payment')}
          </p>
        </div>
        {/* On a phone the button stays in view while the form scrolls: one tap books. */}
        <div className="sticky bottom-0 -mx-5 border-t border-slate-200 bg-white/95 px-5 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none dark:border-slate-800 dark:bg-slate-900/95 sm:dark:bg-transparent">
          <button
            type="submit"
            data-testid="quick-confirm"
            disabled={isSubmitting}
            className={confirmButton}
          >
            <Icon name="emergency" />
            {isSubmitting ? t('emergency.form.submitting') : t('emergency.quick.confirm')}
          </button>
        </div>
        <p className="text-center text-sm">
          <Link
            to={fullForm}
            className={`rounded font-medium text-sky-700 hover:underline dark:text-sky-300 ${focusRing}`}
          >
            {t('emergency.quick.moreOptions')}
          </Link>
        </p>
      </form>
    </FormProvider>
  );
}

/**
 * Quick booking, as the header's Emergency button opens it: the service and urgency from the
 * address, the name and phone from the profile when it has them; where help goes is always the
 * person's own answer (typed, picked from earlier places, or read from the device).
 */
export function QuickBookingPage() {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { cityKey } = useCity();
  const catalogue = useCatalogue(cityKey);
  return (
    <div className={READING_WIDTH}>
      <PageHeader title={t('signedIn:screens.emergencyQuick.title')} />
      <QueryContent query={catalogue} errorMessage={t('emergency.catalogueFailed')}>
        {(data) => {
          const primary = data.emergencyNumbers.find((number) => number.primary);
          return (
            <div className="space-y-4">
              {primary ? (
                <a
                  href={`tel:${primary.number}`}
                  data-testid="quick-call-primary"
                  className={`flex items-center justify-center gap-2 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm font-semibold text-red-900 hover:bg-red-100 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100 dark:hover:bg-red-950/70 ${focusRing}`}
                >
                  <Icon name="phone" size={18} />
                  {t('emergency.quick.callInstead', { number: primary.number })}
                </a>
              ) : null}
              <QuickForm catalogue={data} />
            </div>
          );
        }}
      </QueryContent>
    </div>
  );
}
