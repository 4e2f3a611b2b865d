import { Matrix4, PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { orbitStep, pickNearest, zoomStep } from './scene-math';
import type { CameraLimits } from './scene-math';

const VIEW = { width: 800, height: 600 };

function cameraAt(position: [number, number, number]) {
  const camera = new PerspectiveCamera(45, VIEW.width / VIEW.height, 0.1, 1_000);
  camera.position.set(...position);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  return new Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
}

/** Where three itself draws a point, in pixels from the top left. */
function onScreen(point: [number, number, number], position: [number, number, number]) {
  const camera = new PerspectiveCamera(45, VIEW.width / VIEW.height, 0.1, 1_000);
  camera.position.set(...position);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  const p = new Vector3(...point).project(camera);
  return { x: ((p.x + 1) / 2) * VIEW.width, y: ((1 - p.y) / 2) * VIEW.height };
}

describe('picking a sensor under the pointer', () => {
  const eye: [number, number, number] = [0, 50, 50];
  const sensors: [number, number, number][] = [
    [0, 0, 0],
    [10, 0, 0],
    [-10, 0, 5],
  ];
  const positions = new Float32Array(sensors.flat());
  const matrix = cameraAt(eye).elements;

  it('finds the sensor drawn at the point, as three projects it', () => {
    for (const [i, sensor] of sensors.entries()) {
      const at = onScreen(sensor, eye);
      expect(pickNearest(positions, matrix, VIEW, { x: at.x + 3, y: at.y - 2 }, 12)).toBe(i);
    }
  });

  it('finds none when no sensor is within the radius', () => {
    const at = onScreen([10, 0, 0], eye);
    expect(pickNearest(positions, matrix, VIEW, { x: at.x + 30, y: at.y }, 12)).toBe(-1);
  });

  it('prefers the sensor in front where two are drawn at one spot', () => {
    // On the line from the eye through the origin, one nearer the camera.
    const front: [number, number, number] = [0, 25, 25];
    const stacked = new Float32Array([...[0, 0, 0], ...front]);
    const at = onScreen([0, 0, 0], eye);
    expect(pickNearest(stacked, matrix, VIEW, at, 12)).toBe(1);
  });

  it('ignores sensors behind the camera', () => {
    const behind = new Float32Array([0, 100, 100]);
    expect(pickNearest(behind, matrix, VIEW, { x: 400, y: 300 }, 1_000)).toBe(-1);
  });
});

describe('moving the camera from the keyboard', () => {
  const limits: CameraLimits = { minPolar: 0.1, maxPolar: 1.4, minDistance: 10, maxDistance: 200 };
  const target = new Vector3(5, 0, -5);

  it('turns around the target at the same distance', () => {
    const start = new Vector3(5, 40, 35);
    const turned = orbitStep(start, target, Math.PI / 2, 0, limits);
    expect(turned.distanceTo(target)).toBeCloseTo(start.distanceTo(target), 9);
    expect(turned.y).toBeCloseTo(start.y, 9);
    expect(turned.x).toBeCloseTo(45, 9);
    expect(turned.z).toBeCloseTo(-5, 9);
  });

  it('tilts no further than the limits', () => {
    const start = new Vector3(5, 40, 35);
    expect(
      orbitStep(start, target, 0, -10, limits)
        .clone()
        .sub(target)
        .angleTo(new Vector3(0, 1, 0)),
    ).toBeCloseTo(0.1, 9);
    expect(
      orbitStep(start, target, 0, 10, limits)
        .clone()
        .sub(target)
        .angleTo(new Vector3(0, 1, 0)),
    ).toBeCloseTo(1.4, 9);
  });

  it('zooms along the line of sight, within the nearest and furthest distance', () => {
    const start = new Vector3(5, 40, 35);
    const nearer = zoomStep(start, target, 2, limits);
    expect(nearer.distanceTo(target)).toBeCloseTo(start.distanceTo(target) / 2, 9);
    expect(
      nearer.clone().sub(target).normalize().dot(start.clone().sub(target).normalize()),
    ).toBeCloseTo(1, 9);
    expect(zoomStep(start, target, 100, limits).distanceTo(target)).toBeCloseTo(10, 9);
    expect(zoomStep(start, target, 0.01, limits).distanceTo(target)).toBeCloseTo(200, 9);
  });
});
