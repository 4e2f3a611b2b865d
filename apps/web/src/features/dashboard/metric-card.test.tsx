import type { MetricSummary } from '@smart-city/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { MetricCard } from './metric-card';

function summary(overrides: Partial<MetricSummary> = {}): MetricSummary {
  return {
    metric: 'traffic',
    unit: '%',
    value: 42.26,
    yesterday: 40.56,
    changePct: 4.19,
    sensors: 4,
    monitored: 5,
    compared: 4,
    details: {},
    ...overrides,
  };
}

function renderCard(data: MetricSummary, value: number | null = data.value) {
  renderWithProviders(<MetricCard summary={data} value={value} />);
  return within(screen.getByTestId(`metric-card-${data.metric}`));
}

describe('MetricCard', () => {
  it('shows the figure with its unit, and a rise as an up arrow, a signed percent and "vs yesterday"', () => {
    const card = renderCard(summary());
    expect(card.getByRole('heading', { name: 'Traffic congestion' })).toBeVisible();
    expect(card.getByTestId('metric-value')).toHaveTextContent('42.3');
    expect(card.getByTestId('metric-unit')).toHaveTextContent('%');
    const trend = card.getByTestId('metric-trend');
    expect(trend).toHaveAttribute('data-direction', 'up');
    expect(trend).toHaveTextContent('Up+4.2%vs yesterday');
    expect(card.getByText('4 sensors reporting', { exact: false })).toBeVisible();
  });

  it('shows a fall with a minus sign and the word Down', () => {
    const card = renderCard(
      summary({ metric: 'energy', unit: 'MW', value: 118.04, yesterday: 131.2, changePct: -10.03 }),
    );
    expect(card.getByRole('heading', { name: 'Energy load' })).toBeVisible();
    expect(card.getByTestId('metric-value')).toHaveTextContent('118.0');
    expect(card.getByTestId('metric-unit')).toHaveTextContent('MW');
    expect(card.getByTestId('metric-trend')).toHaveAttribute('data-direction', 'down');
    expect(card.getByTestId('metric-trend-pct')).toHaveTextContent('-10.0%');
    expect(card.getByText('Down')).toBeInTheDocument();
  });

  it('says plainly when there is no figure from yesterday', () => {
    const card = renderCard(summary({ yesterday: null, changePct: null }));
    expect(card.getByTestId('metric-trend')).toHaveTextContent(
      'No figure from yesterday to compare',
    );
    expect(card.queryByTestId('metric-trend-pct')).not.toBeInTheDocument();
  });

  it('shows the live figure it is given rather than the server one', () => {
    const card = renderCard(summary({ value: 42.26 }), 57.94);
    expect(card.getByTestId('metric-value')).toHaveTextContent('57.9');
  });

  it('says there are no readings yet when the city has no figure', () => {
    const card = renderCard(summary({ value: null, changePct: null, sensors: 0 }));
    expect(card.queryByTestId('metric-value')).not.toBeInTheDocument();
    expect(card.getByTestId('metric-empty')).toHaveTextContent('No readings yet');
  });

  it('names the AQI band in words next to its colour, with PM2.5 and NO2', () => {
    const card = renderCard(
      summary({
        metric: 'air_quality',
        unit: 'AQI',
        value: 87.4,
        changePct: 12.5,
        details: { pm25: 52.36, no2: 21.04 },
      }),
    );
    expect(card.getByTestId('metric-value')).toHaveTextContent('87');
    expect(card.getByTestId('metric-unit')).toHaveTextContent('AQI');
    const band = card.getByTestId('aqi-band');
    expect(band).toHaveAttribute('data-band', 'moderate');
    expect(band).toHaveTextContent('Band: Moderate');
    expect(band.querySelector('[style]')).toHaveStyle({ backgroundColor: '#ffff00' });
    expect(card.getByTestId('metric-detail-pm25')).toHaveTextContent('PM2.552.4 µg/m³');
    expect(card.getByTestId('metric-detail-no2')).toHaveTextContent('NO221.0 ppb');
  });

  it('takes the band from the figure shown, so a live rise changes it', () => {
    const card = renderCard(summary({ metric: 'air_quality', unit: 'AQI', value: 87 }), 162);
    expect(card.getByTestId('aqi-band')).toHaveTextContent('Band: Unhealthy');
  });

  it('shows water supply with pH, turbidity and whether the quality is within limits', () => {
    const card = renderCard(
      summary({
        metric: 'water',
        unit: 'ML/day',
        value: 1240.5,
        details: { ph: 7.21, turbidity: 1.46 },
      }),
    );
    expect(card.getByTestId('metric-value')).toHaveTextContent('1,240.5');
    expect(card.getByTestId('metric-unit')).toHaveTextContent('ML/day');
    expect(card.getByTestId('metric-detail-ph')).toHaveTextContent('pH7.2');
    expect(card.getByTestId('metric-detail-turbidity')).toHaveTextContent('Turbidity1.5 NTU');
    expect(card.getByTestId('water-quality')).toHaveTextContent('Quality within limits');
  });

  it('flags water outside the quality limits', () => {
    const card = renderCard(
      summary({ metric: 'water', unit: 'ML/day', value: 900, details: { ph: 8.9, turbidity: 2 } }),
    );
    expect(card.getByTestId('water-quality')).toHaveTextContent('Quality outside limits');
  });

  it('counts people as whole numbers', () => {
    const card = renderCard(
      summary({ metric: 'population', unit: 'people', value: 1204310.4, changePct: 0.01 }),
    );
    expect(card.getByRole('heading', { name: 'Population' })).toBeVisible();
    expect(card.getByTestId('metric-value')).toHaveTextContent('12,04,310');
    expect(card.getByTestId('metric-unit')).toHaveTextContent('people');
    expect(card.getByTestId('metric-trend')).toHaveAttribute('data-direction', 'flat');
    expect(card.getByTestId('metric-trend-pct')).toHaveTextContent('0.0%');
  });
});
