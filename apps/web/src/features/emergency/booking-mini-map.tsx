import { CITY_AREAS } from '@smart-city/shared';
import type { Booking, CityArea } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { PersonsWords } from '../../components/persons-words';
import { useCity } from '../../lib/city/city-context';
import { cityPlane } from '../../lib/geo/projection';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** The plane's longer side, in SVG units; the drawing scales to its box. */
const PLANE_SIZE = 100;
const KM_PER_DEGREE_LAT = 111.32;

/**
 * Where a booking is inside its city, drawn without a base map (as the sensor map's fallback is):
 * the city's bounds, its areas as circles, and the booking's point. Small enough for a queue card,
 * so a dispatcher sees at a glance which side of town a job is on; the area's name is written
 * beside it, as colour and position are never the only signal.
 */
export function BookingMiniMap({ booking }: { booking: Booking }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { cities } = useCity();
  const city = cities.find((candidate) => candidate.key === booking.city);
  if (!city) return null;
  const place = booking.area?.name ?? booking.location;

  if (booking.lat === null || booking.lng === null) {
    return (
      <p
        data-testid="dispatch-map-none"
        className="rounded-lg border border-dashed border-slate-300 p-3 text-xs text-slate-600 dark:border-slate-600 dark:text-slate-400"
      >
        {t('emergency.truth.dispatch.noPoint')}
      </p>
    );
  }

  const plane = cityPlane(city.bounds, PLANE_SIZE);
  const radiusOf = (area: CityArea) => {
    const centre = plane.project(area.lat, area.lng);
    const edge = plane.project(area.lat + area.radiusKm / KM_PER_DEGREE_LAT, area.lng);
    return Math.abs(edge.z - centre.z);
  };
  const point = plane.project(booking.lat, booking.lng);
  const label = t('emergency.truth.dispatch.map', { city: city.name, place });

  return (
    <figure className="m-0" data-testid="dispatch-map">
      <svg
        role="img"
        aria-label={label}
        viewBox={`${-plane.width / 2} ${-plane.depth / 2} ${plane.width} ${plane.depth}`}
        className="h-28 w-full rounded-lg bg-slate-100 dark:bg-slate-800"
        preserveAspectRatio="xMidYMid meet"
      >
        {(CITY_AREAS[booking.city] as readonly CityArea[]).map((area) => {
          const centre = plane.project(area.lat, area.lng);
          return (
            <circle
              key={area.key}
              cx={centre.x}
              cy={centre.z}
              r={radiusOf(area)}
              className={
                area.key === booking.area?.key
                  ? 'fill-sky-300/60 stroke-sky-700 dark:fill-sky-700/50 dark:stroke-sky-300'
                  : 'fill-slate-300/50 stroke-slate-400 dark:fill-slate-600/50 dark:stroke-slate-500'
              }
              strokeWidth={0.4}
            />
          );
        })}
        <circle
          cx={point.x}
          cy={point.z}
          r={2.6}
          className="fill-red-600 stroke-white dark:stroke-slate-900"
          strokeWidth={0.8}
        />
      </svg>
      <figcaption className="mt-1 truncate text-xs text-slate-700 dark:text-slate-300">
        {booking.area ? place : <PersonsWords>{place}</PersonsWords>}
      </figcaption>
    </figure>
  );
}
