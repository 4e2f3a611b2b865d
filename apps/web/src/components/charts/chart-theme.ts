import type { AlertSeverity, CityKey } from '@smart-city/shared';
import type { Theme } from '../../lib/theme/theme';
import { useTheme } from '../../lib/theme/theme-context';

/** The alert levels a chart can draw as a line across it. */
export type ThresholdSeverity = Extract<AlertSeverity, 'warning' | 'high' | 'critical'>;

/**
 * Every colour a chart uses, per theme, chosen for contrast on the card backgrounds (white /
 * slate-900). Chart code takes its colours from here and nowhere else.
 */
export interface ChartPalette {
  grid: string;
  axis: string;
  /** The one measured series of a chart. */
  value: string;
  band: string;
  forecast: string;
  forecastBand: string;
  anomaly: string;
  tooltipBackground: string;
  tooltipBorder: string;
  tooltipText: string;
  thresholds: Record<ThresholdSeverity, string>;
  /** One colour per city, the same in every chart that shows cities. */
  cities: Record<CityKey, string>;
}

const LIGHT: ChartPalette = {
  grid: '#e2e8f0',
  axis: '#475569',
  value: '#0369a1',
  band: '#7dd3fc',
  forecast: '#7c3aed',
  forecastBand: '#c4b5fd',
  anomaly: '#dc2626',
  tooltipBackground: '#ffffff',
  tooltipBorder: '#cbd5e1',
  tooltipText: '#0f172a',
  thresholds: { warning: '#a16207', high: '#c2410c', critical: '#b91c1c' },
  cities: { kolkata: '#be185d', kharagpur: '#0369a1', 'new-york': '#15803d' },
};

const DARK: ChartPalette = {
  grid: '#334155',
  axis: '#cbd5e1',
  value: '#38bdf8',
  band: '#075985',
  forecast: '#a78bfa',
  forecastBand: '#4c1d95',
  anomaly: '#f87171',
  tooltipBackground: '#0f172a',
  tooltipBorder: '#475569',
  tooltipText: '#f1f5f9',
  thresholds: { warning: '#facc15', high: '#fb923c', critical: '#f87171' },
  cities: { kolkata: '#f472b6', kharagpur: '#38bdf8', 'new-york': '#4ade80' },
};

function chartPalette(theme: Theme): ChartPalette {
  return theme === 'dark' ? DARK : LIGHT;
}

/** The palette of the theme on screen. */
export function useChartPalette(): ChartPalette {
  return chartPalette(useTheme().theme);
}

/**
 * Each threshold line has its own dash as well as its own colour (yellow, orange, red), so the
 * three differ without colour: dotted for warning, dashed for high, long dashes for critical.
 */
export const THRESHOLD_DASHES: Record<ThresholdSeverity, string> = {
  warning: '2 3',
  high: '6 4',
  critical: '12 4',
};

/** Each city's line also has its own dash, so the lines differ without colour. */
const CITY_DASHES: Record<CityKey, string | undefined> = {
  kolkata: undefined,
  kharagpur: '8 4',
  'new-york': '2 3',
};

/** How a city's line is drawn in any chart: its colour and its dash. */
export function cityLineStyle(
  palette: ChartPalette,
  city: CityKey,
): { color: string; dash: string | undefined } {
  return { color: palette.cities[city], dash: CITY_DASHES[city] };
}

/** Heights of the charts, so a chart and its loading placeholder take the same room. */
export const CHART_HEIGHT_PX = 256;
export const MAIN_CHART_HEIGHT_PX = 288;
