import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testSensor } from '../../test/live-fixtures';
import { renderWithProviders } from '../../test/render';
import { MapHoverLabel } from './sensor-map-hover';
import { SensorMapLegend } from './sensor-map-legend';
import { ALERT_SEVERITY_COLORS } from './alert-severity-colors';
import { SENSOR_STATUS_COLORS } from './sensor-status-colors';
import { SENSOR_TYPE_COLORS } from './sensor-type-colors';

/** CIE L*a*b* of an sRGB colour, to judge how far apart two colours look. */
function lab(hex: string): [number, number, number] {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** ΔE*ab: about 2 is the least difference a person notices, past 20 colours read as different. */
function difference(a: string, b: string): number {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

describe('the sensor map legend', () => {
  it('names each status beside its colour', () => {
    renderWithProviders(<SensorMapLegend />);
    const legend = screen.getByRole('group', { name: 'Map legend' });
    const items = within(legend).getAllByTestId('sensor-map-legend-item');
    expect(items.map((item) => item.textContent)).toEqual([
      'Active',
      'Inactive',
      'Maintenance',
      'Offline',
      'Awaiting first reading',
    ]);
    const swatch = items[3]!.querySelector('span[aria-hidden="true"]') as HTMLElement;
    expect(swatch.style.backgroundColor).toBe('rgb(30, 41, 59)');
    expect(SENSOR_STATUS_COLORS.offline).toBe('#1e293b');
    expect(legend).toHaveTextContent(
      "A sensor is filled with its type's colour, ringed with its status and haloed with its worst alert; a group takes the colour of its worst alert, or else of its worst status",
    );
  });

  it('names each alert severity that colours the map beside its colour', () => {
    renderWithProviders(<SensorMapLegend />);
    const alerts = screen.getAllByTestId('sensor-map-legend-alert');
    expect(alerts.map((item) => item.textContent)).toEqual(['Critical', 'High', 'Warning']);
    const swatch = alerts[0]!.querySelector('span[aria-hidden="true"]') as HTMLElement;
    expect(swatch.style.backgroundColor).toBe('rgb(220, 38, 38)');
  });

  it('never gives a type the colour of a status or an alert', () => {
    const meanings = [
      ...Object.values(SENSOR_STATUS_COLORS),
      ...Object.values(ALERT_SEVERITY_COLORS),
    ];
    for (const type of Object.values(SENSOR_TYPE_COLORS)) {
      for (const meaning of meanings) expect(difference(type, meaning)).toBeGreaterThan(30);
    }
    // Nor do two keys share a colour among themselves.
    const all = [...Object.values(SENSOR_TYPE_COLORS), ...meanings];
    expect(new Set(all).size).toBe(all.length);
  });

  it('names each sensor type beside the colour a single sensor is filled with', () => {
    renderWithProviders(<SensorMapLegend />);
    const types = screen.getAllByTestId('sensor-map-legend-type');
    expect(types.map((item) => item.textContent)).toEqual([
      'Traffic',
      'Air quality',
      'Energy',
      'Water',
      'Waste',
      'Population',
    ]);
    const swatch = types[0]!.querySelector('span[aria-hidden="true"]') as HTMLElement;
    expect(swatch.style.backgroundColor).toBe('rgb(139, 92, 246)');
  });

  it('is in 16 px text on a wall', () => {
    renderWithProviders(<SensorMapLegend large />);
    expect(screen.getByTestId('sensor-map-legend')).toHaveClass('text-base');
  });
});

describe('the hover label of a map mark', () => {
  const mark = {
    id: 'kol-aq-1',
    name: 'Park Street AQI',
    count: 1,
    status: 'active',
    alert: '',
    key: '',
  } as const;

  it('names a sensor and gives its latest value once it has arrived', () => {
    const { rerender } = renderWithProviders(<MapHoverLabel mark={mark} sensor={undefined} />);
    const label = screen.getByRole('tooltip');
    expect(label).toHaveTextContent('Park Street AQI');
    expect(label).toHaveTextContent('Reading…');
    const sensor = testSensor({ id: 'kol-aq-1', type: 'air_quality', value: 142, unit: 'AQI' });
    rerender(<MapHoverLabel mark={mark} sensor={sensor} />);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Park Street AQI142 AQI');
  });

  it('says so when the sensor has sent nothing yet', () => {
    const sensor = testSensor({ id: 'kol-aq-1', value: null });
    renderWithProviders(<MapHoverLabel mark={mark} sensor={sensor} />);
    expect(screen.getByRole('tooltip')).toHaveTextContent('No reading yet');
  });

  it('gives a group its size, worst status and worst alert', () => {
    renderWithProviders(
      <MapHoverLabel
        mark={{ id: '', name: '', count: 12, status: 'offline', alert: 'high', key: '1,2,3,4' }}
        sensor={undefined}
      />,
    );
    expect(screen.getByRole('tooltip')).toHaveTextContent(
      '12 sensorsWorst: OfflineWorst alert: High',
    );
  });
});
