/** The landmarks every twin names, in the order their labels are read. */
export const LANDMARK_KINDS = [
  'cityHall',
  'hospital',
  'school',
  'officeComplex',
  'fireStation',
  'library',
] as const;
type LandmarkKind = (typeof LANDMARK_KINDS)[number];

/** A box standing on the ground: its centre on the plane and its size, in plane units. */
export interface Footprint {
  x: number;
  z: number;
  width: number;
  depth: number;
}

interface Building extends Footprint {
  height: number;
}

interface Block extends Footprint {
  /** A park: grass and no buildings. */
  park: boolean;
}

interface Landmark extends Building {
  kind: LandmarkKind;
}

/** A city's streets, blocks and buildings, drawn on the ground of its bounds. */
export interface CityLayout {
  blocks: Block[];
  buildings: Building[];
  landmarks: Landmark[];
  /** The tallest building or landmark: sensors float above it. */
  maxHeight: number;
}

/** Street width, and the range of a block's side, in plane units (the ground's long side is 100). */
const STREET = 1.4;
const BLOCK_MIN = 5;
const BLOCK_MAX = 9;
/** Space between a lot's edge and its building. */
const SETBACK = 0.35;
const PARK_SHARE = 0.12;
/** How tall the tallest towers of the centre get, and the lowest houses at the edge. */
const TOWER_HEIGHT = 6;
const HOUSE_HEIGHT = 0.6;
/** Landmarks stand in the blocks nearest the centre: within this share of them. */
const LANDMARK_RING = 0.35;

/** FNV-1a: a 32-bit number from a text, the same in every browser. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mulberry32: numbers in [0, 1) that depend on the seed alone. */
export function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The edges of the blocks along one side: a street, a block, a street… across `length`. */
function blockSpans(length: number, random: () => number): [number, number][] {
  const spans: [number, number][] = [];
  let at = -length / 2 + STREET;
  while (at < length / 2 - STREET) {
    const end = Math.min(at + BLOCK_MIN + random() * (BLOCK_MAX - BLOCK_MIN), length / 2 - STREET);
    if (end - at >= BLOCK_MIN / 2) spans.push([at, end]);
    at = end + STREET;
  }
  return spans;
}

/** The buildings of a block: it is cut into one to four lots along its longer side. */
function buildingsOf(block: Footprint, centrality: number, random: () => number): Building[] {
  const lots = 1 + Math.floor(random() * 4);
  const alongX = block.width >= block.depth;
  const length = alongX ? block.width : block.depth;
  const lot = length / lots;
  const buildings: Building[] = [];
  for (let i = 0; i < lots; i++) {
    const offset = -length / 2 + lot * (i + 0.5);
    const width = (alongX ? lot : block.width) - 2 * SETBACK;
    const depth = (alongX ? block.depth : lot) - 2 * SETBACK;
    // Taller towards the centre, with a few tall ones anywhere.
    const tall = random() < 0.05 ? 0.7 : centrality * centrality;
    const height = HOUSE_HEIGHT + random() * (TOWER_HEIGHT - HOUSE_HEIGHT) * tall;
    buildings.push({
      x: block.x + (alongX ? offset : 0),
      z: block.z + (alongX ? 0 : offset),
      width: width * (0.75 + random() * 0.25),
      depth: depth * (0.75 + random() * 0.25),
      height,
    });
  }
  return buildings;
}

/**
 * The streets, blocks, buildings and landmarks of a city's twin, laid out from its key alone: the
 * same city looks the same on every visit and every machine, and each city looks its own. The
 * ground is `width` × `depth` plane units, centred on the origin.
 */
export function cityLayout(cityKey: string, ground: { width: number; depth: number }): CityLayout {
  const random = randomSequence(seedOf(cityKey));
  const columns = blockSpans(ground.width, random);
  const rows = blockSpans(ground.depth, random);
  const halfDiagonal = Math.hypot(ground.width, ground.depth) / 2;
  const cells: (Footprint & { centrality: number })[] = [];
  for (const [z0, z1] of rows)
    for (const [x0, x1] of columns) {
      const x = (x0 + x1) / 2;
      const z = (z0 + z1) / 2;
      cells.push({
        x,
        z,
        width: x1 - x0,
        depth: z1 - z0,
        centrality: 1 - Math.hypot(x, z) / halfDiagonal,
      });
    }

  // The landmarks take blocks near the centre, each kind its own, in an order the key decides.
  const central = cells
    .map((cell, index) => ({ index, centrality: cell.centrality }))
    .sort((a, b) => b.centrality - a.centrality || a.index - b.index)
    .slice(0, Math.max(LANDMARK_KINDS.length, Math.ceil(cells.length * LANDMARK_RING)));
  const landmarkOf = new Map<number, LandmarkKind>();
  for (const kind of LANDMARK_KINDS) {
    const free = central.filter((candidate) => !landmarkOf.has(candidate.index));
    const pick = free[Math.floor(random() * free.length)];
    if (pick) landmarkOf.set(pick.index, kind);
  }

  const blocks: Block[] = [];
  const buildings: Building[] = [];
  const landmarks: Landmark[] = [];
  cells.forEach((cell, index) => {
    const { centrality, ...footprint } = cell;
    const kind = landmarkOf.get(index);
    const park = kind === undefined && random() < PARK_SHARE;
    blocks.push({ ...footprint, park });
    if (kind !== undefined) {
      landmarks.push({
        kind,
        x: cell.x,
        z: cell.z,
        width: cell.width - 2 * SETBACK,
        depth: cell.depth - 2 * SETBACK,
        height: HOUSE_HEIGHT * 2 + random() * HOUSE_HEIGHT * 3,
      });
    } else if (!park) {
      buildings.push(...buildingsOf(footprint, centrality, random));
    }
  });
  const maxHeight = Math.max(
    0,
    ...buildings.map((b) => b.height),
    ...landmarks.map((l) => l.height),
  );
  return { blocks, buildings, landmarks, maxHeight };
}
