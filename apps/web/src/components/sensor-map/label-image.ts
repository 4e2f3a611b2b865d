/** How a label on the map is drawn: its size and weight, and its fill and edge colours. */
export interface LabelLook {
  sizePx: number;
  weight: 400 | 600 | 700;
  fill: string;
  edge: string;
}

/** A cluster's count: white figures with a dark edge, readable on every status and alert colour. */
export const COUNT_LOOK: LabelLook = {
  sizePx: 11,
  weight: 700,
  fill: '#ffffff',
  edge: 'rgba(15, 23, 42, 0.55)',
};

/** An area's name on the plain map: quiet, in the theme's text colour, edged by the background's. */
export const AREA_NAME_LOOK: Record<'dark' | 'light', LabelLook> = {
  dark: { sizePx: 12, weight: 600, fill: '#cbd5e1', edge: 'rgba(2, 6, 23, 0.85)' },
  light: { sizePx: 12, weight: 600, fill: '#334155', edge: 'rgba(248, 250, 252, 0.9)' },
};

/**
 * A text as an image for the map, so labels need no glyph server: they are drawn with the page's
 * own fonts, the Noto Devanagari and Bengali ones included (loaded by then for the texts around the
 * map). Null where the page cannot draw (no canvas).
 */
export function drawLabelImage(
  label: string,
  devicePixelRatio: number,
  look: LabelLook,
): { data: ImageData; pixelRatio: number } | null {
  const pixelRatio = Math.max(1, Math.min(3, Math.round(devicePixelRatio || 1)));
  const canvas = document.createElement('canvas');
  // Read back at once: a canvas in memory, not on the GPU, where each read would wait for the
  // GPU to finish and copy the pixels back (tens of milliseconds per label without a GPU).
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  const font = `${look.weight} ${look.sizePx * pixelRatio}px system-ui, -apple-system, "Segoe UI", "Noto Sans Bengali Variable", "Noto Sans Devanagari Variable", sans-serif`;
  context.font = font;
  const width = Math.ceil(context.measureText(label).width + 6 * pixelRatio);
  const height = Math.ceil(look.sizePx * 1.7 * pixelRatio);
  canvas.width = width;
  canvas.height = height;
  // Resizing the canvas resets its state.
  context.font = font;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.lineJoin = 'round';
  context.lineWidth = 3 * pixelRatio;
  context.strokeStyle = look.edge;
  context.strokeText(label, width / 2, height / 2);
  context.fillStyle = look.fill;
  context.fillText(label, width / 2, height / 2);
  return { data: context.getImageData(0, 0, width, height), pixelRatio };
}
