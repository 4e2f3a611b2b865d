import type { CityTwin } from '@smart-city/shared';
import { Color, Matrix4, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { cityPlane } from '../../lib/geo/projection';
import { CITIES } from '../../test/city-fixtures';
import { toTwinData } from './city-twin-query';
import { withReadings } from './city-twin.live';
import { TWIN_LEVEL_COLORS } from './sensor-level';
import { alertedSensors } from './alert-halos';
import { createSensorMeshes, levelColors, paintSensors, sensorPositions } from './twin-objects';

const KOLKATA = CITIES.find((city) => city.key === 'kolkata')!;

const TWIN: CityTwin = {
  city: 'kolkata',
  sensors: {
    id: ['t1', 'a1', 't2', 'w1'],
    name: ['T1', 'A1', 'T2', 'W1'],
    type: ['traffic', 'air_quality', 'traffic', 'water'],
    status: ['active', 'active', 'active', 'offline'],
    lat: [22.5851, 22.5448, 22.5526, 22.5726],
    lng: [88.3468, 88.3426, 88.3525, 88.4321],
    value: [40, 130, 80, 100],
    critical: [90, 200, 90, null],
  },
  activeAlerts: [
    {
      id: 'x',
      sensorId: 't2',
      severity: 'critical',
      title: 'x',
      facts: null,
      createdAt: '2026-11-21T10:00:00.000Z',
    },
    {
      id: 'y',
      sensorId: 't2',
      severity: 'warning',
      title: 'y',
      facts: null,
      createdAt: '2026-11-21T09:00:00.000Z',
    },
    {
      id: 'z',
      sensorId: 'a1',
      severity: 'warning',
      title: 'z',
      facts: null,
      createdAt: '2026-11-21T09:00:00.000Z',
    },
    {
      id: 'n',
      sensorId: null,
      severity: 'info',
      title: 'n',
      facts: null,
      createdAt: '2026-11-21T09:00:00.000Z',
    },
  ],
};

function build() {
  const data = toTwinData(TWIN);
  const plane = cityPlane(KOLKATA.bounds, 100);
  const positions = sensorPositions(data.layout, plane, 8, 2);
  const sensors = createSensorMeshes(data.layout, positions, 1);
  return { data, plane, positions, sensors };
}

/** The colour an instance of a sensor is drawn with. */
function colourOf(sensors: ReturnType<typeof build>['sensors'], i: number) {
  const color = new Color();
  sensors.meshes[sensors.meshOf[i]!]!.getColorAt(sensors.slotOf[i]!, color);
  return color;
}

describe('the sensors of the scene', () => {
  it('stand at their place by the projection, each in the mesh of its type', () => {
    const { sensors, plane, data } = build();
    const traffic = sensors.meshes.find((mesh) => mesh.name === 'sensors-traffic')!;
    expect(traffic.count).toBe(2);
    const matrix = new Matrix4();
    traffic.getMatrixAt(sensors.slotOf[2]!, matrix);
    const at = new Vector3().setFromMatrixPosition(matrix);
    const expected = plane.project(data.layout.lats[2]!, data.layout.lngs[2]!);
    expect(at.x).toBeCloseTo(expected.x, 4);
    expect(at.z).toBeCloseTo(expected.z, 4);
    expect(at.y).toBe(8);
  });

  it('stand one above the other where several share a spot, each at its own lat/lng', () => {
    const twin = {
      ...TWIN,
      sensors: { ...TWIN.sensors, lat: [22.5, 22.5, 22.5, 22.6], lng: [88.3, 88.3, 88.3, 88.4] },
    };
    const data = toTwinData(twin);
    const positions = sensorPositions(data.layout, cityPlane(KOLKATA.bounds, 100), 8, 2);
    const at = (i: number) => [...positions.slice(3 * i, 3 * i + 3)];
    expect([at(0)[1], at(1)[1], at(2)[1], at(3)[1]]).toEqual([8, 10, 12, 8]);
    expect(at(1)[0]).toBe(at(0)[0]);
    expect(at(2)[2]).toBe(at(0)[2]);
  });

  it('are coloured by level and repainted in place, only where the level changed', () => {
    const { data, sensors } = build();
    const colors = levelColors('light');
    expect(paintSensors(sensors, data, colors, false)).toBe(true);
    expect(colourOf(sensors, 0).getHexString()).toBe(
      new Color(TWIN_LEVEL_COLORS.light.normal).getHexString(),
    );
    expect(colourOf(sensors, 1).getHexString()).toBe(
      new Color(TWIN_LEVEL_COLORS.light.warning).getHexString(),
    );
    expect(colourOf(sensors, 2).getHexString()).toBe(
      new Color(TWIN_LEVEL_COLORS.light.critical).getHexString(),
    );
    expect(colourOf(sensors, 3).getHexString()).toBe(
      new Color(TWIN_LEVEL_COLORS.light.idle).getHexString(),
    );

    const meshes = [...sensors.meshes];
    const traffic = sensors.meshes[sensors.meshOf[0]!]!;
    const version = traffic.instanceColor!.version;
    // A reading that keeps every level repaints nothing.
    expect(
      paintSensors(
        sensors,
        withReadings(data, [
          { sensorId: 't1', value: 41, unit: '%', timestamp: '2026-11-21T10:00:00.000Z' },
        ]),
        colors,
        false,
      ),
    ).toBe(false);
    expect(traffic.instanceColor!.version).toBe(version);
    // One that crosses 80 % of critical turns that sensor red, in the same mesh.
    const hot = withReadings(data, [
      { sensorId: 't1', value: 85, unit: '%', timestamp: '2026-11-21T10:00:00.000Z' },
    ]);
    expect(paintSensors(sensors, hot, colors, false)).toBe(true);
    expect(colourOf(sensors, 0).getHexString()).toBe(
      new Color(TWIN_LEVEL_COLORS.light.critical).getHexString(),
    );
    expect(traffic.instanceColor!.version).toBeGreaterThan(version);
    expect(sensors.meshes).toEqual(meshes);
  });

  it('ring each sensor with an active alert once, in the colour of its worst alert', () => {
    const { data } = build();
    expect([...alertedSensors(data)]).toEqual([
      [2, 'critical'],
      [1, 'warning'],
    ]);
  });
});
