import { describe, expect, it } from 'vitest';
import { MARKS_SOURCE_ID } from '../../components/sensor-map/map-style';
import { CITIES } from '../../test/city-fixtures';
import {
  POINT_SOURCE_ID,
  REPORTS_LAYER_ID,
  REPORTS_SOURCE_ID,
  reportMapStyle,
} from './report-map-style';

describe('the report map style', () => {
  const kolkata = CITIES[0]!;

  it('draws the city without its sensors, every report in one layer, and the chosen place', () => {
    const style = reportMapStyle(
      kolkata,
      'light',
      null,
      [
        { id: '42', lat: 22.5526, lng: 88.3525, status: 'open' },
        { id: '41', lat: 22.5646, lng: 88.3515, status: 'closed' },
      ],
      { lat: 22.55, lng: 88.35 },
    );
    expect(Object.keys(style.sources)).not.toContain(MARKS_SOURCE_ID);
    expect(
      style.layers.filter((layer) => 'source' in layer && layer.source === MARKS_SOURCE_ID),
    ).toEqual([]);
    expect(style.layers.filter((layer) => layer.id === REPORTS_LAYER_ID)).toHaveLength(1);
    const reports = style.sources[REPORTS_SOURCE_ID] as { data: GeoJSON.FeatureCollection };
    expect(reports.data.features.map((feature) => feature.properties)).toEqual([
      { id: '42', status: 'open' },
      { id: '41', status: 'closed' },
    ]);
    const point = style.sources[POINT_SOURCE_ID] as { data: GeoJSON.FeatureCollection };
    expect(point.data.features[0]?.geometry).toEqual({
      type: 'Point',
      coordinates: [88.35, 22.55],
    });
  });

  it('has no pin until a place is chosen, and lays tiles under the dots when there are tiles', () => {
    const style = reportMapStyle(
      kolkata,
      'dark',
      { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: null },
      [],
      null,
    );
    const point = style.sources[POINT_SOURCE_ID] as { data: GeoJSON.FeatureCollection };
    expect(point.data.features).toEqual([]);
    const ids = style.layers.map((layer) => layer.id);
    expect(ids.indexOf('basemap')).toBeLessThan(ids.indexOf(REPORTS_LAYER_ID));
  });
});
