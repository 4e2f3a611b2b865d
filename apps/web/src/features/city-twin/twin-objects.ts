import { SENSOR_TYPES } from '@smart-city/shared';
import type { SensorType } from '@smart-city/shared';
import {
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  Color,
  ConeGeometry,
  CylinderGeometry,
  DodecahedronGeometry,
  DynamicDrawUsage,
  IcosahedronGeometry,
  InstancedBufferAttribute,
  InstancedMesh,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  MeshLambertMaterial,
  OctahedronGeometry,
} from 'three';
import type { CityPlane } from '../../lib/geo/projection';
import type { Theme } from '../../lib/theme/theme';
import type { TwinData, TwinLayout } from './city-twin-query';
import { TWIN_LEVEL_COLORS, TWIN_LEVELS, twinLevel } from './sensor-level';
import type { TwinLevel } from './sensor-level';

/**
 * How big a sensor is drawn, in plane units (the ground's long side is 100): large in a city of a
 * dozen sensors, small enough in one of 100,000 that neighbours stay apart where they can.
 */
export function markerSize(count: number): number {
  return Math.min(1.6, Math.max(0.22, 35 / Math.sqrt(Math.max(1, count))));
}

/**
 * Where each sensor is drawn: x, y, z per sensor, at its place on the plane and `altitude` up.
 * Sensors standing at one spot (several types at one crossing) are stacked `step` apart, so each
 * stays in sight at its own lat/lng.
 */
export function sensorPositions(
  layout: TwinLayout,
  plane: CityPlane,
  altitude: number,
  step: number,
) {
  const positions = new Float32Array(layout.ids.length * 3);
  const atSpot = new Map<string, number>();
  for (let i = 0; i < layout.ids.length; i++) {
    const { x, z } = plane.project(layout.lats[i]!, layout.lngs[i]!);
    const spot = `${layout.lats[i]},${layout.lngs[i]}`;
    const below = atSpot.get(spot) ?? 0;
    atSpot.set(spot, below + 1);
    positions[3 * i] = x;
    positions[3 * i + 1] = altitude + below * step;
    positions[3 * i + 2] = z;
  }
  return positions;
}

/** Each type has its own shape, so a type reads without its colour (which says the level). */
function markerGeometry(type: SensorType, size: number): BufferGeometry {
  const r = size / 2;
  switch (type) {
    case 'traffic':
      return new ConeGeometry(r, 2 * r, 6);
    case 'air_quality':
      return new IcosahedronGeometry(r, 0);
    case 'energy':
      return new BoxGeometry(1.5 * r, 1.5 * r, 1.5 * r);
    case 'water':
      return new CylinderGeometry(r, r, 1.4 * r, 8);
    case 'waste':
      return new OctahedronGeometry(r * 1.1, 0);
    case 'population':
      return new DodecahedronGeometry(r, 0);
  }
}

/**
 * The sensors as one instanced mesh per type, and where each sensor is among them. Matrices are
 * set once here; colours change in place (`paintSensors`), so a reading never re-creates a mesh.
 */
export interface SensorMeshes {
  meshes: InstancedMesh[];
  /** Per sensor: the index of its type's mesh, and its instance in that mesh. */
  meshOf: Uint8Array;
  slotOf: Uint32Array;
  /** The level each sensor was last painted with (an index of TWIN_LEVELS; 255 before). */
  painted: Uint8Array;
  dispose: () => void;
}

export function createSensorMeshes(
  layout: TwinLayout,
  positions: Float32Array,
  size: number,
): SensorMeshes {
  const count = layout.ids.length;
  const meshOf = new Uint8Array(count);
  const slotOf = new Uint32Array(count);
  const perType = new Map<SensorType, number>(SENSOR_TYPES.map((type) => [type, 0]));
  for (let i = 0; i < count; i++) {
    const type = layout.types[i]!;
    meshOf[i] = SENSOR_TYPES.indexOf(type);
    const slot = perType.get(type)!;
    slotOf[i] = slot;
    perType.set(type, slot + 1);
  }
  const material = new MeshLambertMaterial({ color: '#ffffff' });
  const geometries: BufferGeometry[] = [];
  const meshes = SENSOR_TYPES.map((type) => {
    const geometry = markerGeometry(type, size);
    geometries.push(geometry);
    const mesh = new InstancedMesh(geometry, material, perType.get(type)!);
    mesh.name = `sensors-${type}`;
    mesh.instanceMatrix.setUsage(DynamicDrawUsage);
    mesh.instanceColor = new InstancedBufferAttribute(new Float32Array(mesh.count * 3), 3).setUsage(
      DynamicDrawUsage,
    );
    // Picking is done on screen (scene-math), not by three's per-instance raycast.
    mesh.raycast = () => {};
    return mesh;
  });
  const matrix = new Matrix4();
  for (let i = 0; i < count; i++) {
    matrix.makeTranslation(positions[3 * i]!, positions[3 * i + 1]!, positions[3 * i + 2]!);
    meshes[meshOf[i]!]!.setMatrixAt(slotOf[i]!, matrix);
  }
  for (const mesh of meshes) {
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();
  }
  return {
    meshes,
    meshOf,
    slotOf,
    painted: new Uint8Array(count).fill(255),
    dispose: () => {
      for (const geometry of geometries) geometry.dispose();
      material.dispose();
    },
  };
}

/** The colours of the levels in three's working colour space. */
export function levelColors(theme: Theme): Record<TwinLevel, Color> {
  const colors = TWIN_LEVEL_COLORS[theme];
  return {
    normal: new Color(colors.normal),
    warning: new Color(colors.warning),
    critical: new Color(colors.critical),
    idle: new Color(colors.idle),
  };
}

/**
 * Colours each sensor by its level, touching only those whose level changed (all of them when
 * `repaint`, after a theme change). Returns whether anything changed, so the view redraws only then.
 */
export function paintSensors(
  sensors: SensorMeshes,
  data: TwinData,
  colors: Record<TwinLevel, Color>,
  repaint: boolean,
): boolean {
  let changed = false;
  const dirty = new Set<InstancedMesh>();
  for (let i = 0; i < sensors.painted.length; i++) {
    const level = twinLevel(data.statuses[i]!, data.values[i] ?? null, data.critical[i] ?? null);
    const index = TWIN_LEVELS.indexOf(level);
    if (!repaint && sensors.painted[i] === index) continue;
    sensors.painted[i] = index;
    const mesh = sensors.meshes[sensors.meshOf[i]!]!;
    mesh.setColorAt(sensors.slotOf[i]!, colors[level]);
    dirty.add(mesh);
    changed = true;
  }
  for (const mesh of dirty) mesh.instanceColor!.needsUpdate = true;
  return changed;
}

/** A thin line from the ground up to each sensor, so a floating marker shows where it stands. */
export function createStalks(positions: Float32Array, theme: Theme): LineSegments {
  const count = positions.length / 3;
  const vertices = new Float32Array(count * 6);
  for (let i = 0; i < count; i++) {
    vertices[6 * i] = positions[3 * i]!;
    vertices[6 * i + 1] = 0;
    vertices[6 * i + 2] = positions[3 * i + 2]!;
    vertices[6 * i + 3] = positions[3 * i]!;
    vertices[6 * i + 4] = positions[3 * i + 1]!;
    vertices[6 * i + 5] = positions[3 * i + 2]!;
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(vertices, 3));
  const material = new LineBasicMaterial({
    color: theme === 'dark' ? '#94a3b8' : '#475569',
    transparent: true,
    opacity: 0.35,
  });
  const lines = new LineSegments(geometry, material);
  lines.raycast = () => {};
  return lines;
}
