let known: boolean | null = null;

/**
 * Whether this browser can draw the 3D view: it offers a WebGL context (software rendering
 * counts). Asked once per page; a browser with WebGL switched off or a GPU on its block list says
 * no, and the twin shows its sensor list instead.
 */
export function canDrawWebGL(): boolean {
  if (known !== null) return known;
  try {
    const canvas = document.createElement('canvas');
    known = Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    known = false;
  }
  return known;
}
