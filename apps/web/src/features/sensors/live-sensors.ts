import type { CityKey, Sensor, SensorStatus } from '@smart-city/shared';
import { useCallback, useState } from 'react';
import type { LiveData } from '../../lib/live/live-state';

/**
 * A status this tab just saved. It stands until the live connection reports any status change of
 * the sensor (its own echo or someone else's newer one); until then the live state still holds the
 * status from before the change and must not win.
 */
export interface SavedStatus {
  status: SensorStatus;
  liveStatusBefore: SensorStatus | undefined;
}

function isNotOlder(candidate: string | null, current: string | null): boolean {
  if (candidate === null) return false;
  return current === null || Date.parse(candidate) >= Date.parse(current);
}

/**
 * The sensors of the HTTP list with what the live connection knows on top: the newer of the two
 * readings, and the live status. Simulated fallback values (connection down) and another city's
 * live state are ignored.
 */
export function mergeLiveSensors(
  sensors: readonly Sensor[],
  live: Pick<LiveData, 'city' | 'sensors'>,
  city: CityKey,
  saved: Readonly<Record<string, SavedStatus>> = {},
): Sensor[] {
  const liveCity = live.city === city;
  return sensors.map((sensor) => {
    const current = liveCity ? live.sensors[sensor.id] : undefined;
    const fresh = current && !current.simulated ? current : undefined;
    let merged = sensor;
    if (fresh && isNotOlder(fresh.lastReading, sensor.lastReading)) {
      merged = { ...merged, value: fresh.value, unit: fresh.unit, lastReading: fresh.lastReading };
    }
    const savedStatus = saved[sensor.id];
    if (savedStatus && fresh?.status === savedStatus.liveStatusBefore) {
      merged = { ...merged, status: savedStatus.status };
    } else if (fresh) {
      merged = { ...merged, status: fresh.status, metadata: fresh.metadata };
    } else if (savedStatus) {
      merged = { ...merged, status: savedStatus.status };
    }
    return merged;
  });
}

/**
 * The statuses this tab saved, forgetting each one as soon as the live connection reports the
 * sensor's status has moved on from where it was before the change.
 */
export function useSavedStatuses(live: Pick<LiveData, 'city' | 'sensors'>, city: CityKey) {
  const [saved, setSaved] = useState<Readonly<Record<string, SavedStatus>>>({});
  const settled = Object.entries(saved)
    .filter(([id, entry]) => {
      const current = live.city === city ? live.sensors[id] : undefined;
      return (
        current !== undefined && !current.simulated && current.status !== entry.liveStatusBefore
      );
    })
    .map(([id]) => id);
  if (settled.length > 0) {
    // Adjusting state while rendering: React re-renders at once, before anything is painted.
    setSaved((previous) =>
      Object.fromEntries(Object.entries(previous).filter(([id]) => !settled.includes(id))),
    );
  }
  const remember = useCallback(
    (id: string, status: SensorStatus, liveStatusBefore: SensorStatus | undefined) =>
      setSaved((previous) => ({ ...previous, [id]: { status, liveStatusBefore } })),
    [],
  );
  return { saved, remember };
}
