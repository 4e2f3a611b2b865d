import { describe, expect, it } from 'vitest';
import { CITIES } from '../../test/city-fixtures';
import { buildMapStyle, cityBoundsBox, cityBoundsPolygon, MAP_COLORS } from './map-style';

const KOLKATA = CITIES[0]!;

describe('buildMapStyle', () => {
  it('needs nothing from the network without tiles: a background and the city outline', () => {
    const style = buildMapStyle(KOLKATA, 'dark', null);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(Object.keys(style.sources)).toEqual(['city-bounds']);
    expect(style.layers.map((layer) => layer.type)).toEqual(['background', 'fill', 'line']);
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
    ]);
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
