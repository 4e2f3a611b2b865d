import { Html } from '@react-three/drei';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  Color,
  Mesh,
  MeshLambertMaterial,
} from 'three';
import { CITY_TWIN_NAMESPACES } from '../../lib/i18n/city-twin-namespace';
import type { Theme } from '../../lib/theme/theme';
import type { CityLayout, Footprint } from './city-layout';

/** The city's colours per theme: ground (the streets), blocks, parks, buildings and landmarks. */
const PALETTE: Record<
  Theme,
  { ground: string; block: string; park: string; building: string; landmark: string }
> = {
  light: {
    ground: '#cbd5e1',
    block: '#e2e8f0',
    park: '#bbf7d0',
    building: '#f8fafc',
    landmark: '#a5b4fc',
  },
  dark: {
    ground: '#0f172a',
    block: '#1e293b',
    park: '#14532d',
    building: '#334155',
    landmark: '#4338ca',
  },
};

/** How thick a block's pavement is: it sits just above the streets. */
const PAVEMENT = 0.08;

/**
 * Boxes of a layout merged into one mesh with a colour per vertex: the city does not move, so one
 * draw of one buffer beats instancing (which software renderers draw one instance at a time).
 */
function useBoxes(
  boxes: readonly (Footprint & { height: number; y?: number; color: string })[],
  name: string,
) {
  const mesh = useMemo(() => {
    const template = new BoxGeometry(1, 1, 1).translate(0, 0.5, 0).toNonIndexed();
    const corners = template.getAttribute('position');
    const normals = template.getAttribute('normal');
    const count = corners.count;
    const position = new Float32Array(boxes.length * count * 3);
    const normal = new Float32Array(boxes.length * count * 3);
    const colour = new Float32Array(boxes.length * count * 3);
    const color = new Color();
    boxes.forEach((box, b) => {
      color.set(box.color);
      for (let v = 0; v < count; v++) {
        const i = (b * count + v) * 3;
        position[i] = box.x + corners.getX(v) * box.width;
        position[i + 1] = (box.y ?? 0) + corners.getY(v) * box.height;
        position[i + 2] = box.z + corners.getZ(v) * box.depth;
        normal[i] = normals.getX(v);
        normal[i + 1] = normals.getY(v);
        normal[i + 2] = normals.getZ(v);
        colour[i] = color.r;
        colour[i + 1] = color.g;
        colour[i + 2] = color.b;
      }
    });
    template.dispose();
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(position, 3));
    geometry.setAttribute('normal', new BufferAttribute(normal, 3));
    geometry.setAttribute('color', new BufferAttribute(colour, 3));
    geometry.computeBoundingSphere();
    const merged = new Mesh(geometry, new MeshLambertMaterial({ vertexColors: true }));
    merged.name = name;
    merged.raycast = () => {};
    return merged;
  }, [boxes, name]);
  useEffect(
    () => () => {
      mesh.geometry.dispose();
      mesh.material.dispose();
    },
    [mesh],
  );
  return mesh;
}

/**
 * The city under its sensors: the ground of its bounds (the streets), blocks with their buildings
 * and parks, and the six landmarks with their names.
 */
export function CityModel({
  layout,
  ground,
  theme,
}: {
  layout: CityLayout;
  ground: { width: number; depth: number };
  theme: Theme;
}) {
  const { t } = useTranslation(CITY_TWIN_NAMESPACES);
  const colors = PALETTE[theme];
  const blocks = useMemo(
    () =>
      layout.blocks.map((block) => ({
        ...block,
        height: PAVEMENT,
        color: block.park ? colors.park : colors.block,
      })),
    [layout, colors],
  );
  const buildings = useMemo(
    () => [
      ...layout.buildings.map((b) => ({ ...b, y: PAVEMENT, color: colors.building })),
      ...layout.landmarks.map((l) => ({ ...l, y: PAVEMENT, color: colors.landmark })),
    ],
    [layout, colors],
  );
  const blockMesh = useBoxes(blocks, 'blocks');
  const buildingMesh = useBoxes(buildings, 'buildings');

  return (
    <group>
      <mesh rotation-x={-Math.PI / 2} name="ground" raycast={() => null}>
        <planeGeometry args={[ground.width, ground.depth]} />
        <meshLambertMaterial color={colors.ground} />
      </mesh>
      <primitive object={blockMesh} />
      <primitive object={buildingMesh} />
      {layout.landmarks.map((landmark) => (
        <Html
          key={landmark.kind}
          position={[landmark.x, landmark.height + PAVEMENT + 0.6, landmark.z]}
          center
          zIndexRange={[10, 0]}
          // Names of places on the ground: the sensors' list and panel carry what is interactive.
          style={{ pointerEvents: 'none' }}
        >
          <span
            data-testid="twin-landmark"
            className="whitespace-nowrap rounded bg-white/90 px-1.5 py-0.5 text-xs font-semibold text-slate-900 shadow-sm ring-1 ring-slate-300 dark:bg-slate-900/90 dark:text-white dark:ring-slate-600"
          >
            {t(`landmarks.${landmark.kind}`)}
          </span>
        </Html>
      ))}
    </group>
  );
}
