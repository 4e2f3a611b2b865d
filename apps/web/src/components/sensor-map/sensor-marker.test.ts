import { describe, expect, it } from 'vitest';
import { buildPopupContent, createMarkerElement, updateMarkerElement } from './sensor-marker';
import { SENSOR_TYPE_COLORS } from './sensor-type-colors';
import { formatTimeAgo } from './sensor-format';

describe('sensor markers', () => {
  it('are buttons labelled with name, type and status, coloured by type', () => {
    const element = createMarkerElement('kol-air-01');
    updateMarkerElement(
      element,
      { type: 'air_quality', status: 'maintenance' },
      'Park Street: Air quality, Maintenance',
      true,
    );
    expect(element.tagName).toBe('BUTTON');
    expect(element.type).toBe('button');
    expect(element.getAttribute('aria-label')).toBe('Park Street: Air quality, Maintenance');
    expect(element.getAttribute('aria-pressed')).toBe('true');
    expect(element.dataset.status).toBe('maintenance');
    expect(element.style.backgroundColor).toBe('rgb(168, 85, 247)');
    expect(SENSOR_TYPE_COLORS.air_quality).toBe('#a855f7');
  });

  it('have a popup with name, place, latest value and last update', () => {
    const popup = buildPopupContent('Howrah Bridge Traffic', {
      typeAndStatus: 'Traffic · Active',
      placeLabel: 'Place',
      place: 'Howrah Bridge',
      valueLabel: 'Latest value',
      value: '42 %',
      lastUpdateLabel: 'Last update',
      lastUpdate: '5 seconds ago',
      lastUpdateTitle: 'Nov 21, 2026, 3:30 PM',
    });
    expect(popup.textContent).toBe(
      'Howrah Bridge TrafficTraffic · ActivePlaceHowrah BridgeLatest value42 %Last update5 seconds ago',
    );
  });
});

describe('formatTimeAgo', () => {
  const now = new Date('2026-11-21T10:00:00.000Z');
  it.each([
    ['2026-11-21T10:00:03.000Z', 'now'],
    ['2026-11-21T09:59:48.000Z', '12 seconds ago'],
    ['2026-11-21T09:55:00.000Z', '5 minutes ago'],
    ['2026-11-21T07:00:00.000Z', '3 hours ago'],
    ['2026-11-19T10:00:00.000Z', '2 days ago'],
  ])('says %s as "%s"', (iso, expected) => {
    expect(formatTimeAgo(iso, now, 'en')).toBe(expected);
  });
});
