import type { CityKey } from '@smart-city/shared';
import type { Theme } from '../../lib/theme/theme';

/** Chart colours per theme, chosen for contrast on the card backgrounds (slate-900 / white). */
export interface ChartPalette {
  grid: string;
  axis: string;
  value: string;
  band: string;
  forecast: string;
  forecastBand: string;
  anomaly: string;
  tooltipBackground: string;
  tooltipBorder: string;
  tooltipText: string;
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
  cities: { kolkata: '#f472b6', kharagpur: '#38bdf8', 'new-york': '#4ade80' },
};

export function chartPalette(theme: Theme): ChartPalette {
  return theme === 'dark' ? DARK : LIGHT;
}

/** Each city's line also has its own dash, so the lines differ without colour. */
export const CITY_DASHES: Record<CityKey, string | undefined> = {
  kolkata: undefined,
  kharagpur: '8 4',
  'new-york': '2 3',
};
