import type { AirQualityCategoryKey } from './categories';
import type { AirQualityStandard, Pollutant } from './pollutants';

/**
 * Why a standard gives no index from the data at hand. `no_data`: no pollutant has enough hours of
 * data for a sub-index. India's index also needs at least three pollutants with a sub-index
 * (`too_few_pollutants`), one of them PM2.5 or PM10 (`no_particulates`).
 */
export const INCOMPLETE_REASONS = ['no_data', 'too_few_pollutants', 'no_particulates'] as const;
export type IncompleteReason = (typeof INCOMPLETE_REASONS)[number];

/** An air quality index worked out from a place's hourly data, with what it was made from. */
export interface AirQualityIndex {
  standard: AirQualityStandard;
  /** The index, or null when the data are not enough to give one (complete is then false). */
  index: number | null;
  /** Category key of the index (null with it). */
  category: AirQualityCategoryKey | null;
  /** The pollutant whose sub-index is the index (null with it). */
  dominantPollutant: Pollutant | null;
  /** Each pollutant's sub-index that the data allow, whether or not there is an index. */
  subIndices: Partial<Record<Pollutant, number>>;
  /**
   * The averaged concentration each sub-index came from, in the standard's units
   * (POLLUTANT_UNITS); for the US index after the EPA's truncation.
   */
  concentrations: Partial<Record<Pollutant, number>>;
  /** True when the standard's rules for a full index are met. */
  complete: boolean;
  /** Why not complete. */
  incompleteReason?: IncompleteReason;
}
