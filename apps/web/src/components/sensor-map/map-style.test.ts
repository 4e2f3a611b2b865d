import { describe, expect, it } from 'vitest';
import { CITIES } from '../../test/city-fixtures';
import type { LayerSpecification } from 'maplibre-gl';
import { buildMapStyle, cityBoundsBox, MAP_COLORS, marksCollection } from './map-style';

const SENSOR_LAYERS = [
  'sensor-clusters',
  'sensor-cluster-counts',
  'sensor-point-alerts',
  'sensor-points',
  'sensor-selected',
];
const AREA_LAYERS = ['city-area-fill', 'city-area-line', 'city-outline', 'city-area-names'];

const visibility = (layer: LayerSpecification | undefined) =>
  (layer as { layout?: { visibility?: string } } | undefined)?.layout?.visibility ?? 'visible';

const KOLKATA = CITIES[0]!;

describe('buildMapStyle', () => {
  it("needs nothing from the network without tiles: a background, the city's areas with their names and outline, and the sensors", () => {
    const style = buildMapStyle(KOLKATA, 'dark', null);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(Object.keys(style.sources)).toEqual(['city-areas', 'sensor-marks']);
    expect(style.layers.map((layer) => layer.id)).toEqual([
      'background',
      ...AREA_LAYERS,
      ...SENSOR_LAYERS,
    ]);
    for (const id of AREA_LAYERS) {
      expect(visibility(style.layers.find((layer) => layer.id === id))).toBe('visible');
    }
    const areas = style.sources['city-areas'] as { data: { features: unknown[] } };
    expect(areas.data.features.length).toBeGreaterThan(13);
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
      ...AREA_LAYERS,
      ...SENSOR_LAYERS,
    ]);
    // The streets are there: only the outline shows over them, the areas wait for a failure.
    const shown = style.layers.filter((layer) => visibility(layer) === 'visible');
    expect(shown.map((layer) => layer.id)).toEqual([
      'background',
      'basemap',
      'city-outline',
      ...SENSOR_LAYERS,
    ]);
  });

  it('colours a cluster by its worst active alert, and by its worst status without one', () => {
    const style = buildMapStyle(KOLKATA, 'dark', null);
    const clusters = style.layers.find((layer) => layer.id === 'sensor-clusters')!;
    const halo = style.layers.find((layer) => layer.id === 'sensor-point-alerts')!;
    expect(JSON.stringify(clusters)).toContain('#dc2626');
    expect(JSON.stringify(clusters)).toContain('#15803d');
    // A single sensor with an alert gets a halo of its colour.
    expect((halo as { filter: unknown }).filter).toEqual([
      'all',
      ['==', ['get', 'count'], 1],
      ['!=', ['get', 'alert'], ''],
    ]);
    expect(JSON.stringify(halo)).toContain('#b45309');
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
          worstAlert: 'critical',
          bounds: [88.3, 22.5, 88.4, 22.6],
          sensor: null,
        },
        {
          lng: 88.36,
          lat: 22.57,
          count: 1,
          worstStatus: 'maintenance',
          worstAlert: 'info',
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
      expect.objectContaining({
        count: 12_345,
        label: '12.3K',
        status: 'offline',
        alert: 'critical',
        id: '',
      }),
      // An alert for information only leaves the mark as it is.
      expect.objectContaining({
        count: 1,
        label: '1',
        status: 'maintenance',
        alert: '',
        id: 'kol-1',
        type: 'traffic',
      }),
    ]);
    expect(marks.features[0]!.geometry.coordinates).toEqual([88.35, 22.55]);
  });
});

describe('city bounds', () => {
  it("frames the city's bounds", () => {
    expect(cityBoundsBox(KOLKATA)).toEqual([
      [88.2, 22.45],
      [88.5, 22.75],
    ]);
  });
});
