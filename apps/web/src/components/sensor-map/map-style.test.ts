import { describe, expect, it } from 'vitest';
import { CITIES } from '../../test/city-fixtures';
import {
  buildMapStyle,
  cityBoundsBox,
  cityBoundsPolygon,
  MAP_COLORS,
  marksCollection,
} from './map-style';

const SENSOR_LAYERS = [
  'sensor-clusters',
  'sensor-cluster-counts',
  'sensor-points',
  'sensor-selected',
];

const KOLKATA = CITIES[0]!;

describe('buildMapStyle', () => {
  it('needs nothing from the network without tiles: a background, the city outline and the sensors', () => {
    const style = buildMapStyle(KOLKATA, 'dark', null);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(Object.keys(style.sources)).toEqual(['city-bounds', 'sensor-marks']);
    expect(style.layers.map((layer) => layer.id)).toEqual([
      'background',
      'city-bounds-fill',
      'city-bounds-line',
      ...SENSOR_LAYERS,
    ]);
    expect(style.layers[0]).toMatchObject({
      paint: { 'background-color': MAP_COLORS.dark.background },
    });
    expect(JSON.stringify(style)).not.toMatch(/https?:/);
  });

  it('follows the theme', () => {
    const light = buildMapStyle(KOLKATA, 'light', null);
    expect(light.layers[0]).toMatchObject({
      paint: { 'background-color': MAP_COLORS.light.background },
    });
    expect(MAP_COLORS.light.background).not.toBe(MAP_COLORS.dark.background);
  });

  it('lays raster tiles from the configured URL under the outline, with their credit', () => {
    const style = buildMapStyle(KOLKATA, 'light', {
      url: 'https://tiles.example.org/{z}/{x}/{y}.png',
      attribution: '© Example Maps',
    });
    expect(style.sources.basemap).toEqual({
      type: 'raster',
      tiles: ['https://tiles.example.org/{z}/{x}/{y}.png'],
      tileSize: 256,
      attribution: '© Example Maps',
    });
    expect(style.layers.map((layer) => layer.id)).toEqual([
      'background',
      'basemap',
      'city-bounds-line',
      ...SENSOR_LAYERS,
    ]);
  });
});

describe('sensor marks', () => {
  it('turn clusters into labelled marks and single sensors into named ones', () => {
    const marks = marksCollection(
      [
        {
          lng: 88.35,
          lat: 22.55,
          count: 12_345,
          worstStatus: 'offline',
          bounds: [88.3, 22.5, 88.4, 22.6],
          sensor: null,
        },
        {
          lng: 88.36,
          lat: 22.57,
          count: 1,
          worstStatus: 'maintenance',
          bounds: [88.36, 22.57, 88.36, 22.57],
          sensor: {
            id: 'kol-1',
            name: 'Park Street Traffic',
            type: 'traffic',
            status: 'maintenance',
          },
        },
      ],
      'en',
    );
    expect(marks.features.map((f) => f.properties)).toEqual([
      expect.objectContaining({ count: 12_345, label: '12.3K', status: 'offline', id: '' }),
      expect.objectContaining({
        count: 1,
        label: '1',
        status: 'maintenance',
        id: 'kol-1',
        type: 'traffic',
      }),
    ]);
    expect(marks.features[0]!.geometry.coordinates).toEqual([88.35, 22.55]);
  });
});

describe('city bounds', () => {
  it("frames the city's bounds and closes the outline ring", () => {
    expect(cityBoundsBox(KOLKATA)).toEqual([
      [88.2, 22.45],
      [88.5, 22.75],
    ]);
    const ring = cityBoundsPolygon(KOLKATA).geometry.coordinates[0]!;
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    expect(ring).toContainEqual([88.5, 22.75]);
  });
});
