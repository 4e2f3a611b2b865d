import { OrbitControls } from '@react-three/drei';
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import type { RootState } from '@react-three/fiber';
import type { City } from '@smart-city/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { Matrix4 } from 'three';
import type { Vector3 } from 'three';
import type { OrbitControls as OrbitControlsImpl } from 'three-stdlib';
import { cityPlane } from '../../lib/geo/projection';
import type { Theme } from '../../lib/theme/theme';
import { cityLayout } from './city-layout';
import { CityModel } from './city-model';
import { useCityTwin } from './city-twin-query';
import type { TwinData } from './city-twin-query';
import { FocusMark } from './focus-mark';
import { orbitStep, pickNearest, zoomStep } from './scene-math';
import type { CameraLimits } from './scene-math';
import { markerSize, sensorPositions } from './twin-objects';
import { Sensors } from './twin-sensors';

/** The ground's longer side, in scene units. */
const SCENE_SIZE = 100;
/** How far above the tallest building the sensors float. */
const SENSOR_CLEARANCE = 1.5;
const LIMITS: CameraLimits = {
  minPolar: 0.15,
  maxPolar: 1.35,
  minDistance: 8,
  maxDistance: 220,
};
/** One arrow key press turns the view this much; one + or − brings it this much nearer. */
const ORBIT_STEP = Math.PI / 24;
const ZOOM_STEP = 1.2;
/** A sensor this close to the pointer, in CSS pixels, is the one pointed at. */
const PICK_RADIUS_PX = 14;
/** A press that moves less than this is a click, not a drag. */
const CLICK_SLOP_PX = 5;

const BACKGROUND: Record<Theme, string> = { light: '#f1f5f9', dark: '#020617' };

const selectLayout = (data: TwinData) => data.layout;
const selectPulsing = (data: TwinData) =>
  data.alerts.some((alert) => alert.sensorId !== null && data.layout.indexOf.has(alert.sensorId));

/**
 * Props of `TwinScene`.
 *
 * - `city`: whose twin to draw; a new city builds a new scene.
 * - `rotating`: whether the view turns slowly on its own; `onUserMove` is called when the reader
 *   takes the camera (drag, wheel, keys), so the page can stop it.
 * - `reducedMotion`: no pulse and no rotation.
 * - `softwareRendering`: the CPU draws (no GPU): no antialiasing and one pixel per CSS pixel.
 * - `focusedId`: the sensor in focus in the sensor list (picked out with its label).
 * - `selectedId`: the sensor whose panel is open (ringed).
 * - `onSelect`: a sensor was clicked, or Enter pressed while one is pointed at.
 */
export interface TwinSceneProps {
  city: City;
  theme: Theme;
  reducedMotion: boolean;
  softwareRendering: boolean;
  rotating: boolean;
  onUserMove: () => void;
  focusedId: string | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
  label: string;
  describedBy: string;
  className?: string;
}

/** How far above the horizon the camera first looks down on the city. */
const FIRST_ELEVATION = (52 * Math.PI) / 180;

/**
 * Frames the whole ground when the scene opens, whatever the view's shape: a narrow phone needs
 * the camera further away than a wide desktop.
 */
function FrameCity({ ground }: { ground: { width: number; depth: number } }) {
  const camera = useThree((state) => state.camera);
  const aspect = useThree((state) => state.size.width / Math.max(1, state.size.height));
  const controls = useThree((state) => state.controls) as OrbitControlsImpl | null;
  const framed = useRef(false);
  useEffect(() => {
    if (framed.current || !controls || !('fov' in camera)) return;
    framed.current = true;
    const halfFov = (camera.fov * Math.PI) / 360;
    const halfWidth = Math.atan(Math.tan(halfFov) * aspect);
    // The ground's longer half fills the narrower side of the view; seen at a slant it leaves
    // room around it.
    const radius = Math.max(ground.width, ground.depth) / 2;
    const distance = Math.min(
      LIMITS.maxDistance,
      (radius / Math.tan(Math.min(halfFov, halfWidth))) * 0.9,
    );
    camera.position.set(
      0,
      distance * Math.sin(FIRST_ELEVATION),
      distance * Math.cos(FIRST_ELEVATION),
    );
    controls.target.set(0, 0, 0);
    controls.update();
  }, [camera, aspect, controls, ground]);
  return null;
}

/** Draws once the sensors are painted, then says so on the container (`data-twin-ready`). */
function ReadySignal({ container, ready }: { container: HTMLDivElement | null; ready: boolean }) {
  const done = useRef(false);
  useFrame(() => {
    if (!container || !ready || done.current) return;
    done.current = true;
    // The frame being drawn now holds the painted sensors; the attribute follows it.
    requestAnimationFrame(() => container.setAttribute('data-twin-ready', 'true'));
  });
  return null;
}

/**
 * The 3D twin of a city: the ground of its bounds with a block layout and landmarks, and every
 * sensor at its place (the map's projection), coloured by level, ringed while it has an active
 * alert. Orbit, pan and zoom with the pointer or the keyboard; point at a sensor for its label,
 * click it to open it. The container says what it shows in data attributes for tests.
 */
export function TwinScene(props: TwinSceneProps) {
  const { city, theme, reducedMotion, rotating, onUserMove, focusedId, selectedId, onSelect } =
    props;
  const { data: layout } = useCityTwin(city.key, selectLayout);
  const { data: pulsing = false } = useCityTwin(city.key, selectPulsing);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const state = useRef<RootState | null>(null);
  const controls = useRef<OrbitControlsImpl | null>(null);
  const press = useRef<{ x: number; y: number } | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [painted, setPainted] = useState(false);

  const plane = useMemo(() => cityPlane(city.bounds, SCENE_SIZE), [city.bounds]);
  const model = useMemo(() => cityLayout(city.key, plane), [city.key, plane]);
  const size = markerSize(layout?.ids.length ?? 0);
  const positions = useMemo(
    () =>
      layout
        ? sensorPositions(layout, plane, model.maxHeight + SENSOR_CLEARANCE + size, size * 1.5)
        : new Float32Array(),
    [layout, plane, model.maxHeight, size],
  );
  const onPainted = useCallback(() => setPainted(true), []);

  const indexOf = (id: string | null) =>
    id === null || !layout ? null : (layout.indexOf.get(id) ?? null);
  const selectedIndex = indexOf(selectedId);
  const focusIndex = indexOf(focusedId) ?? hovered ?? selectedIndex;

  // Frames are drawn on demand (a change, a move) unless something moves by itself.
  const animating = !reducedMotion && (rotating || pulsing);
  const viewProjection = useMemo(() => new Matrix4(), []);

  const pick = (event: PointerEvent<HTMLDivElement>) => {
    const root = state.current;
    if (!root || !layout || positions.length === 0) return -1;
    const box = root.gl.domElement.getBoundingClientRect();
    root.camera.updateMatrixWorld();
    viewProjection.multiplyMatrices(root.camera.projectionMatrix, root.camera.matrixWorldInverse);
    return pickNearest(
      positions,
      viewProjection.elements,
      { width: box.width, height: box.height },
      { x: event.clientX - box.left, y: event.clientY - box.top },
      PICK_RADIUS_PX,
    );
  };

  const moveCamera = (to: (position: Vector3, target: Vector3) => Vector3) => {
    const root = state.current;
    const orbit = controls.current;
    if (!root || !orbit) return;
    root.camera.position.copy(to(root.camera.position, orbit.target));
    orbit.update();
    root.invalidate();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => moveCamera((p, t) => orbitStep(p, t, -ORBIT_STEP, 0, LIMITS)),
      ArrowRight: () => moveCamera((p, t) => orbitStep(p, t, ORBIT_STEP, 0, LIMITS)),
      ArrowUp: () => moveCamera((p, t) => orbitStep(p, t, 0, -ORBIT_STEP, LIMITS)),
      ArrowDown: () => moveCamera((p, t) => orbitStep(p, t, 0, ORBIT_STEP, LIMITS)),
      '+': () => moveCamera((p, t) => zoomStep(p, t, ZOOM_STEP, LIMITS)),
      '=': () => moveCamera((p, t) => zoomStep(p, t, ZOOM_STEP, LIMITS)),
      '-': () => moveCamera((p, t) => zoomStep(p, t, 1 / ZOOM_STEP, LIMITS)),
      Enter: () => {
        if (focusIndex !== null && layout) onSelect(layout.ids[focusIndex]!);
      },
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    if (event.key !== 'Enter') onUserMove();
    move();
  };

  return (
    <div
      ref={setContainer}
      // The view takes the keyboard for the camera; the sensor list beside it is the way to each
      // sensor by Tab.
      role="application"
      aria-label={props.label}
      aria-describedby={props.describedBy}
      tabIndex={0}
      data-testid="twin-scene"
      data-sensors={layout ? layout.ids.length : ''}
      data-city={city.key}
      className={`relative overflow-hidden rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 dark:border-slate-800 ${props.className ?? ''}`}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        press.current = { x: event.clientX, y: event.clientY };
      }}
      onPointerMove={(event) => {
        if (event.buttons !== 0) return;
        const index = pick(event);
        setHovered(index >= 0 ? index : null);
      }}
      onPointerLeave={() => setHovered(null)}
      onPointerUp={(event) => {
        const from = press.current;
        press.current = null;
        if (!from || !layout) return;
        if (Math.hypot(event.clientX - from.x, event.clientY - from.y) > CLICK_SLOP_PX) return;
        const index = pick(event);
        if (index >= 0) onSelect(layout.ids[index]!);
      }}
    >
      <Canvas
        flat
        dpr={props.softwareRendering ? 1 : [1, 2]}
        gl={{ antialias: !props.softwareRendering }}
        frameloop={animating ? 'always' : 'demand'}
        camera={{ position: [0, 70, 80], fov: 45, near: 0.5, far: 1_000 }}
        onCreated={(root) => {
          state.current = root;
        }}
      >
        <color attach="background" args={[BACKGROUND[theme]]} />
        <hemisphereLight args={['#ffffff', theme === 'dark' ? '#334155' : '#cbd5e1', 1.6]} />
        <directionalLight position={[40, 80, 30]} intensity={1.6} />
        <CityModel layout={model} ground={plane} theme={theme} />
        {layout && positions.length > 0 ? (
          <Sensors
            key={`${city.key}-${layout.ids.length}`}
            city={city.key}
            layout={layout}
            positions={positions}
            size={size}
            theme={theme}
            reducedMotion={reducedMotion}
            onPainted={onPainted}
          />
        ) : null}
        {layout && focusIndex !== null ? (
          <FocusMark
            city={city.key}
            index={focusIndex}
            layout={layout}
            positions={positions}
            size={size}
            selected={focusIndex === selectedIndex}
            container={container}
          />
        ) : null}
        <OrbitControls
          ref={controls}
          makeDefault
          enableDamping={!reducedMotion}
          autoRotate={rotating && !reducedMotion}
          autoRotateSpeed={0.6}
          minDistance={LIMITS.minDistance}
          maxDistance={LIMITS.maxDistance}
          minPolarAngle={LIMITS.minPolar}
          maxPolarAngle={LIMITS.maxPolar}
          onStart={onUserMove}
        />
        <FrameCity ground={plane} />
        <ReadySignal container={container} ready={painted} />
      </Canvas>
    </div>
  );
}
