import type { AirQualityIndex } from './air-quality-index';
import { computeEpaAqi } from './epa-aqi';
import { computeNaqi } from './naqi';
import type { AirQualityStandard, HourlySeries } from './pollutants';

/**
 * A place's air quality index in its standard from its hourly data: India's over the last 24
 * hours, the US current hour's with the NowCast.
 */
export function computeAirQuality(
  standard: AirQualityStandard,
  hourly: HourlySeries,
): AirQualityIndex {
  switch (standard) {
    case 'IN-NAQI':
      return computeNaqi(hourly);
    case 'US-EPA':
      return computeEpaAqi(hourly);
  }
}
