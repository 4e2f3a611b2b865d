import { describe, expect, it, vi } from 'vitest';
import { buildPopupContent, buildSpotContent } from './sensor-popup';

describe('sensor popups', () => {
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

  it('list the sensors of one spot as buttons that open each', () => {
    const chosen = vi.fn();
    const popup = buildSpotContent(
      '2 sensors here',
      [
        { id: 'a', label: 'Park Street Traffic · Active' },
        { id: 'b', label: 'Park Street Air Quality · Offline' },
      ],
      chosen,
    );
    const buttons = popup.querySelectorAll('button');
    expect([...buttons].map((b) => b.textContent)).toEqual([
      'Park Street Traffic · Active',
      'Park Street Air Quality · Offline',
    ]);
    buttons[1]!.click();
    expect(chosen).toHaveBeenCalledWith('b');
  });
});
