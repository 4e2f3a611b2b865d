import { Spherical, Vector3 } from 'three';

/** Sensors drawn this close to each other on screen are at one spot: the front one is picked. */
const SAME_SPOT_PX = 1;

/**
 * The sensor drawn nearest to a point of the view, within `radiusPx`; -1 when none is. `positions`
 * holds x, y, z of each sensor; `viewProjection` is the camera's projection times its inverse world
 * matrix (column-major, as three keeps it). Where two sensors are drawn within a pixel of each
 * other the one in front wins: it is the one the reader sees. One pass over the sensors without allocating, so pointer moves stay cheap at 100,000.
 */
export function pickNearest(
  positions: ArrayLike<number>,
  viewProjection: ArrayLike<number>,
  view: { width: number; height: number },
  point: { x: number; y: number },
  radiusPx: number,
): number {
  const m = viewProjection;
  let best = -1;
  let bestDistance = Infinity;
  let bestDepth = Infinity;
  const radiusSquared = radiusPx * radiusPx;
  const count = positions.length / 3;
  for (let i = 0; i < count; i++) {
    const x = positions[3 * i]!;
    const y = positions[3 * i + 1]!;
    const z = positions[3 * i + 2]!;
    const w = m[3]! * x + m[7]! * y + m[11]! * z + m[15]!;
    if (w <= 0) continue; // behind the camera
    const ndcX = (m[0]! * x + m[4]! * y + m[8]! * z + m[12]!) / w;
    const ndcY = (m[1]! * x + m[5]! * y + m[9]! * z + m[13]!) / w;
    const depth = (m[2]! * x + m[6]! * y + m[10]! * z + m[14]!) / w;
    if (depth < -1 || depth > 1) continue;
    const dx = ((ndcX + 1) / 2) * view.width - point.x;
    const dy = ((1 - ndcY) / 2) * view.height - point.y;
    const squared = dx * dx + dy * dy;
    if (squared > radiusSquared) continue;
    const distance = Math.sqrt(squared);
    const nearer = distance < bestDistance - SAME_SPOT_PX;
    const sameSpot = Math.abs(distance - bestDistance) <= SAME_SPOT_PX;
    if (nearer || (sameSpot && depth < bestDepth)) {
      best = i;
      bestDistance = distance;
      bestDepth = depth;
    }
  }
  return best;
}

/** How far the camera may look up and down, and how near and far it may come. */
export interface CameraLimits {
  minPolar: number;
  maxPolar: number;
  minDistance: number;
  maxDistance: number;
}

/**
 * The camera's position after turning it around `target` by `azimuth` (to the left, radians) and
 * `polar` (downwards), within the limits; the keyboard's arrow keys do this.
 */
export function orbitStep(
  position: Vector3,
  target: Vector3,
  azimuth: number,
  polar: number,
  limits: CameraLimits,
): Vector3 {
  const spherical = new Spherical().setFromVector3(position.clone().sub(target));
  spherical.theta += azimuth;
  spherical.phi = Math.min(limits.maxPolar, Math.max(limits.minPolar, spherical.phi + polar));
  return new Vector3().setFromSpherical(spherical).add(target);
}

/** The camera's position after coming `factor` times nearer to `target` (below 1: further away). */
export function zoomStep(
  position: Vector3,
  target: Vector3,
  factor: number,
  limits: CameraLimits,
): Vector3 {
  const offset = position.clone().sub(target);
  const distance = Math.min(
    limits.maxDistance,
    Math.max(limits.minDistance, offset.length() / factor),
  );
  return offset.setLength(distance).add(target);
}
