import type { Locator } from '@playwright/test';

export type Rgb = [number, number, number];

/**
 * What a WebGL canvas shows, read from a screenshot of it (the drawing buffer itself is cleared
 * after each frame): the share of its pixels that differ from the colour in its top-left corner
 * (the scene's background), and the colour at each point asked for, in CSS pixels of the canvas.
 */
export async function readCanvas(canvas: Locator, points: { x: number; y: number }[] = []) {
  const png = (await canvas.screenshot({ animations: 'disabled' })).toString('base64');
  const box = (await canvas.boundingBox())!;
  return canvas.page().evaluate(
    async ({ png, points, cssWidth }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const board = document.createElement('canvas');
      board.width = image.width;
      board.height = image.height;
      const context = board.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      const scale = image.width / cssWidth;
      const at = (x: number, y: number): [number, number, number] => {
        const i = (Math.round(y * scale) * image.width + Math.round(x * scale)) * 4;
        return [data[i]!, data[i + 1]!, data[i + 2]!];
      };
      const [r0, g0, b0] = at(0, 0);
      let differing = 0;
      for (let i = 0; i < data.length; i += 4) {
        const distance =
          Math.abs(data[i]! - r0) + Math.abs(data[i + 1]! - g0) + Math.abs(data[i + 2]! - b0);
        if (distance > 24) differing++;
      }
      return {
        drawnShare: differing / (data.length / 4),
        colours: points.map((point) => at(point.x, point.y)),
      };
    },
    { png, points, cssWidth: box.width },
  );
}

/** Whether a colour reads as the twin's red (critical), not its amber, green or grey. */
export function isRed([r, g, b]: Rgb): boolean {
  return r > 120 && g < r * 0.45 && b < r * 0.45;
}
