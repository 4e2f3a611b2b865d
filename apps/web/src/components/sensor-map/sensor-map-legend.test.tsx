import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testSensor } from '../../test/live-fixtures';
import { renderWithProviders } from '../../test/render';
import { MapHoverLabel } from './sensor-map-hover';
import { SensorMapLegend } from './sensor-map-legend';
import { SENSOR_STATUS_COLORS } from './sensor-status-colors';

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
    ]);
    const swatch = items[3]!.querySelector('span[aria-hidden="true"]') as HTMLElement;
    expect(swatch.style.backgroundColor).toBe('rgb(185, 28, 28)');
    expect(SENSOR_STATUS_COLORS.offline).toBe('#b91c1c');
    expect(legend).toHaveTextContent(
      "A sensor is filled with its type's colour and ringed with its status; a group takes the colour of its worst sensor",
    );
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
    expect(swatch.style.backgroundColor).toBe('rgb(249, 115, 22)');
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

  it('gives a group its size and worst status', () => {
    renderWithProviders(
      <MapHoverLabel
        mark={{ id: '', name: '', count: 12, status: 'offline', key: '1,2,3,4' }}
        sensor={undefined}
      />,
    );
    expect(screen.getByRole('tooltip')).toHaveTextContent('12 sensorsWorst: Offline');
  });
});
