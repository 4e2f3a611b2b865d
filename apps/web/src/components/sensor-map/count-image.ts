/**
 * A cluster's count as an image for the map (white figures with a dark edge, readable on every
 * status colour), so labels need no glyph server. Null where the page cannot draw (no canvas).
 */
export function drawCountImage(
  label: string,
  devicePixelRatio: number,
): { data: ImageData; pixelRatio: number } | null {
  const pixelRatio = Math.max(1, Math.min(3, Math.round(devicePixelRatio || 1)));
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return null;
  // Bengali writes counts in its own digits: the canvas needs the page's Bengali (and Devanagari)
  // font too, loaded by then for the texts around the map.
  const font = `700 ${11 * pixelRatio}px system-ui, -apple-system, "Segoe UI", "Noto Sans Bengali Variable", "Noto Sans Devanagari Variable", sans-serif`;
  context.font = font;
  const width = Math.ceil(context.measureText(label).width + 6 * pixelRatio);
  const height = 18 * pixelRatio;
  canvas.width = width;
  canvas.height = height;
  // Resizing the canvas resets its state.
  context.font = font;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.lineJoin = 'round';
  context.lineWidth = 3 * pixelRatio;
  context.strokeStyle = 'rgba(15, 23, 42, 0.55)';
  context.strokeText(label, width / 2, height / 2);
  context.fillStyle = '#ffffff';
  context.fillText(label, width / 2, height / 2);
  return { data: context.getImageData(0, 0, width, height), pixelRatio };
}
