import type { CityTwinAlert } from '@smart-city/shared';
import {
  InstancedBufferAttribute,
  InstancedMesh,
  Matrix4,
  RingGeometry,
  ShaderMaterial,
} from 'three';
import type { Color } from 'three';
import type { TwinData } from './city-twin-query';
import type { TwinLevel } from './sensor-level';

const HALO_VERTEX = /* glsl */ `
  uniform float uTime;
  uniform float uPulse;
  varying float vAlpha;
  varying vec3 vColor;
  void main() {
    // An expanding, fading ring every PERIOD seconds; still (uPulse 0) for reduced motion.
    float t = fract(uTime / 1.4);
    float grow = mix(1.3, 1.0 + 1.4 * t, uPulse);
    vAlpha = mix(0.95, 1.0 - t, uPulse);
    #ifdef USE_INSTANCING_COLOR
      vColor = instanceColor;
    #else
      vColor = vec3(1.0);
    #endif
    gl_Position = projectionMatrix * modelViewMatrix * instanceMatrix * vec4(position * grow, 1.0);
  }
`;

const HALO_FRAGMENT = /* glsl */ `
  varying float vAlpha;
  varying vec3 vColor;
  void main() {
    gl_FragColor = vec4(vColor, vAlpha);
    #include <colorspace_fragment>
  }
`;

/** The rings around sensors with an active alert; `uTime` drives the pulse. */
export interface AlertHalos {
  mesh: InstancedMesh;
  material: ShaderMaterial;
  dispose: () => void;
}

export function createAlertHalos(capacity: number, size: number): AlertHalos {
  // Flat on the ground plane's axes, around the marker.
  const geometry = new RingGeometry(size * 0.75, size * 0.95, 32).rotateX(-Math.PI / 2);
  const material = new ShaderMaterial({
    vertexShader: HALO_VERTEX,
    fragmentShader: HALO_FRAGMENT,
    uniforms: { uTime: { value: 0 }, uPulse: { value: 1 } },
    transparent: true,
    depthWrite: false,
  });
  const mesh = new InstancedMesh(geometry, material, capacity);
  mesh.instanceColor = new InstancedBufferAttribute(new Float32Array(capacity * 3), 3);
  mesh.count = 0;
  mesh.frustumCulled = false;
  mesh.raycast = () => {};
  return {
    mesh,
    material,
    dispose: () => {
      geometry.dispose();
      material.dispose();
    },
  };
}

/** Makes the rings pulse, or stand still (for reduced motion). */
export function setPulse(halos: AlertHalos, pulsing: boolean): void {
  halos.material.uniforms.uPulse!.value = pulsing ? 1 : 0;
}

/** Moves the pulse to `seconds` since the scene started. */
export function pulseAt(halos: AlertHalos, seconds: number): void {
  halos.material.uniforms.uTime!.value = seconds;
}

/**
 * How many rings the alerts need: one per sensor with an open or acknowledged alert (its worst
 * alert's colour). Used to size the ring mesh before placing them.
 */
export function alertedSensors(data: TwinData): Map<number, 'critical' | 'warning'> {
  const alerted = new Map<number, 'critical' | 'warning'>();
  for (const alert of data.alerts) {
    const i = alert.sensorId === null ? undefined : data.layout.indexOf.get(alert.sensorId);
    if (i === undefined) continue;
    if (isSevere(alert) || !alerted.has(i))
      alerted.set(i, isSevere(alert) ? 'critical' : 'warning');
  }
  return alerted;
}

function isSevere(alert: CityTwinAlert) {
  return alert.severity === 'critical' || alert.severity === 'high';
}

/** Puts a ring on each alerted sensor; the mesh must hold at least as many instances. */
export function placeHalos(
  halos: AlertHalos,
  alerted: Map<number, 'critical' | 'warning'>,
  positions: Float32Array,
  colors: Record<TwinLevel, Color>,
): void {
  const matrix = new Matrix4();
  let slot = 0;
  for (const [i, level] of alerted) {
    matrix.makeTranslation(positions[3 * i]!, positions[3 * i + 1]!, positions[3 * i + 2]!);
    halos.mesh.setMatrixAt(slot, matrix);
    halos.mesh.setColorAt(slot, colors[level]);
    slot++;
  }
  halos.mesh.count = slot;
  halos.mesh.instanceMatrix.needsUpdate = true;
  if (halos.mesh.instanceColor) halos.mesh.instanceColor.needsUpdate = true;
}
