import { expect, type Locator, type Page } from '@playwright/test';

/** MapLibre's world is 512 pixels wide at zoom 0. */
const WORLD_PX = 512;
/** How far from the map's edges a point must be to be clicked (the zoom buttons sit there). */
const MARGIN = 30;

export interface MapMark {
  lng: number;
  lat: number;
  count: number;
  worstStatus: string;
  worstAlert: string | null;
  bounds: [number, number, number, number];
  sensor: { id: string; name: string } | null;
}

/**
 * Where a place is on the map, in page pixels: the map says its centre and zoom in data attributes,
 * and Web Mercator does the rest (the marks are drawn on a canvas, so there is no element to click).
 */
export async function pointOnMap(map: Locator, lng: number, lat: number) {
  const [centerLng, centerLat] = ((await map.getAttribute('data-center')) ?? '0,0')
    .split(',')
    .map(Number) as [number, number];
  const zoom = Number(await map.getAttribute('data-zoom'));
  const box = (await map.boundingBox())!;
  // Only what the window shows can be clicked: the map may reach below the fold.
  const bottom = Math.min(box.y + box.height, map.page().viewportSize()?.height ?? Infinity);
  const world = WORLD_PX * 2 ** zoom;
  const x = (value: number) => ((value + 180) / 360) * world;
  const y = (value: number) =>
    ((1 - Math.log(Math.tan(Math.PI / 4 + (value * Math.PI) / 360)) / Math.PI) / 2) * world;
  const point = {
    x: box.x + box.width / 2 + x(lng) - x(centerLng),
    y: box.y + box.height / 2 + y(lat) - y(centerLat),
  };
  const withinView =
    point.x > box.x + MARGIN &&
    point.x < box.x + box.width - MARGIN &&
    point.y > box.y + MARGIN &&
    point.y < bottom - MARGIN;
  // A click lands on the map only where nothing floats over it (a notice card, a toast).
  const uncovered =
    withinView &&
    (await map.evaluate(
      (element, { px, py }) => element.contains(document.elementFromPoint(px, py)),
      { px: point.x, py: point.y },
    ));
  return { ...point, clickable: uncovered };
}

/** The marks the map shows now, asked of the same endpoint with the map's own view. */
export async function marksOnMap(page: Page, map: Locator, city: string, query = '') {
  await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
  const zoom = Math.floor(Number(await map.getAttribute('data-zoom')));
  const box = (await map.boundingBox())!;
  const corner = async (px: number, py: number) => {
    // The inverse of pointOnMap for the corners of the view.
    const [centerLng, centerLat] = ((await map.getAttribute('data-center')) ?? '0,0')
      .split(',')
      .map(Number) as [number, number];
    const world = WORLD_PX * 2 ** Number(await map.getAttribute('data-zoom'));
    const cx = ((centerLng + 180) / 360) * world;
    const cy =
      ((1 - Math.log(Math.tan(Math.PI / 4 + (centerLat * Math.PI) / 360)) / Math.PI) / 2) * world;
    const lng = ((cx + px) / world) * 360 - 180;
    const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * (cy + py)) / world))) * 180) / Math.PI;
    return { lng, lat };
  };
  const nw = await corner(-box.width / 2, -box.height / 2);
  const se = await corner(box.width / 2, box.height / 2);
  const bbox = [nw.lng, se.lat, se.lng, nw.lat].map((n) => n.toFixed(5)).join(',');
  const res = await page.request.get(
    `/api/sensors/clusters?city=${city}&zoom=${zoom}&bbox=${bbox}${query}`,
  );
  expect(res.status()).toBe(200);
  return ((await res.json()) as { clusters: MapMark[] }).clusters;
}
