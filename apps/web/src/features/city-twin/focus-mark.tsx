import { Html } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import type { CityKey } from '@smart-city/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Vector3 } from 'three';
import { CITY_TWIN_NAMESPACES } from '../../lib/i18n/city-twin-namespace';
import { useCityTwin } from './city-twin-query';
import type { TwinLayout } from './city-twin-query';
import { twinLevel } from './sensor-level';

/** A ring and a label on the sensor in focus, and the twin's test attributes of it. */
export function FocusMark({
  city,
  index,
  layout,
  positions,
  size,
  selected,
  container,
}: {
  city: CityKey;
  index: number;
  layout: TwinLayout;
  positions: Float32Array;
  size: number;
  selected: boolean;
  container: HTMLDivElement | null;
}) {
  const { t } = useTranslation(CITY_TWIN_NAMESPACES);
  const at = useMemo(
    () => new Vector3(positions[3 * index], positions[3 * index + 1], positions[3 * index + 2]),
    [positions, index],
  );
  // The label's one live word: this component re-renders when this sensor's level changes only.
  const { data: level } = useCityTwin(city, (data) =>
    twinLevel(data.statuses[index]!, data.values[index] ?? null, data.critical[index] ?? null),
  );
  const projected = useMemo(() => new Vector3(), []);
  const invalidate = useThree((state) => state.invalidate);
  const camera = useThree((state) => state.camera);
  const view = useThree((state) => state.size);
  /** Says on the container where the sensor in focus is drawn, in CSS pixels of the canvas. */
  const writePoint = useCallback(() => {
    if (!container) return;
    projected.copy(at).project(camera);
    const x = Math.round(((projected.x + 1) / 2) * view.width);
    const y = Math.round(((1 - projected.y) / 2) * view.height);
    if (container.getAttribute('data-focus-point') !== `${x},${y}`)
      container.setAttribute('data-focus-point', `${x},${y}`);
  }, [container, projected, at, camera, view]);
  // The camera moves (by hand, or turning by itself): the point follows frame by frame.
  useFrame(writePoint);
  useEffect(() => {
    if (!container) return;
    container.setAttribute('data-focus-id', layout.ids[index]!);
    container.setAttribute('data-focus-level', level ?? '');
    writePoint();
    // A view drawn on demand draws the ring and the label at once.
    invalidate();
  }, [container, layout, index, level, writePoint, invalidate]);
  useEffect(
    () => () => {
      container?.removeAttribute('data-focus-id');
      container?.removeAttribute('data-focus-level');
      container?.removeAttribute('data-focus-point');
    },
    [container],
  );

  const type = layout.types[index]!;
  return (
    <group position={at}>
      <mesh rotation-x={-Math.PI / 2} raycast={() => null}>
        <ringGeometry args={[size * 1.1, size * 1.35, 40]} />
        <meshBasicMaterial color={selected ? '#0284c7' : '#0ea5e9'} />
      </mesh>
      <Html
        center
        position={[0, size * 1.6, 0]}
        zIndexRange={[20, 11]}
        style={{ pointerEvents: 'none' }}
      >
        <span
          data-testid="twin-sensor-label"
          className="block -translate-y-4 whitespace-nowrap rounded-md bg-slate-900/90 px-2 py-1 text-xs font-medium text-white shadow dark:bg-white/95 dark:text-slate-900"
        >
          {layout.names[index]} · {t(`translation:sensorTypes.${type}`)}
          {level ? ` · ${t(`levels.${level}`)}` : ''}
        </span>
      </Html>
    </group>
  );
}
