import { useFrame, useThree } from '@react-three/fiber';
import type { CityKey } from '@smart-city/shared';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Theme } from '../../lib/theme/theme';
import { cityTwinQueryKey } from './city-twin-keys';
import type { TwinData, TwinLayout } from './city-twin-query';
import { alertedSensors, createAlertHalos, placeHalos, pulseAt, setPulse } from './alert-halos';
import { createSensorMeshes, createStalks, levelColors, paintSensors } from './twin-objects';

/**
 * Follows a city's twin in the query cache outside React: `apply` runs with every new version
 * the live module writes (and the first one), so readings repaint instances without re-rendering.
 */
function useTwinUpdates(city: CityKey, apply: (data: TwinData) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = cityTwinQueryKey(city);
    const hash = hashKey(key);
    let last: TwinData | undefined;
    const run = (data: TwinData | undefined) => {
      if (data === undefined || data === last) return;
      last = data;
      apply(data);
    };
    run(queryClient.getQueryData<TwinData>(key));
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryHash === hash)
        run(event.query.state.data as TwinData | undefined);
    });
  }, [city, apply, queryClient]);
}

/** The sensors, their stalks and alert rings, painted in place from the cache. */
export function Sensors({
  city,
  layout,
  positions,
  size,
  theme,
  reducedMotion,
  onPainted,
}: {
  city: CityKey;
  layout: TwinLayout;
  positions: Float32Array;
  size: number;
  theme: Theme;
  reducedMotion: boolean;
  onPainted: (data: TwinData) => void;
}) {
  const invalidate = useThree((state) => state.invalidate);
  const sensors = useMemo(
    () => createSensorMeshes(layout, positions, size),
    [layout, positions, size],
  );
  const stalks = useMemo(() => createStalks(positions, theme), [positions, theme]);
  const colors = useMemo(() => levelColors(theme), [theme]);
  // The rings' mesh grows (rarely) when more sensors are alerted than it holds.
  const [haloCapacity, setHaloCapacity] = useState(64);
  const haloMesh = useMemo(() => createAlertHalos(haloCapacity, size), [haloCapacity, size]);
  const painted = useRef<{ theme: Theme; alerts: unknown } | null>(null);

  useEffect(() => () => sensors.dispose(), [sensors]);
  useEffect(
    () => () => {
      stalks.geometry.dispose();
      (stalks.material as { dispose: () => void }).dispose();
    },
    [stalks],
  );
  useEffect(() => () => haloMesh.dispose(), [haloMesh]);
  useEffect(() => {
    setPulse(haloMesh, !reducedMotion);
    invalidate();
  }, [haloMesh, reducedMotion, invalidate]);

  const apply = useCallback(
    (data: TwinData) => {
      if (data.layout !== layout) return;
      const repaint = painted.current?.theme !== theme;
      let changed = paintSensors(sensors, data, colors, repaint);
      if (repaint || painted.current?.alerts !== data.alerts) {
        const alerted = alertedSensors(data);
        if (alerted.size > haloMesh.mesh.instanceMatrix.count) {
          setHaloCapacity(2 ** Math.ceil(Math.log2(alerted.size)));
          return;
        }
        placeHalos(haloMesh, alerted, positions, colors);
        changed = true;
      }
      painted.current = { theme, alerts: data.alerts };
      onPainted(data);
      if (changed) invalidate();
    },
    [layout, theme, sensors, colors, haloMesh, positions, invalidate, onPainted],
  );
  // A new mesh (theme, rings) starts unpainted.
  useEffect(() => {
    painted.current = null;
    sensors.painted.fill(255);
  }, [sensors, colors, haloMesh]);
  useTwinUpdates(city, apply);

  useFrame(({ clock }) => {
    if (!reducedMotion) pulseAt(haloMesh, clock.elapsedTime);
  });

  return (
    <group>
      <primitive object={stalks} />
      {sensors.meshes.map((mesh) => (
        <primitive key={mesh.name} object={mesh} />
      ))}
      <primitive object={haloMesh.mesh} />
    </group>
  );
}
