/** What this browser can draw the 3D view with. */
export interface WebGLSupport {
  /** A WebGL context is offered (software rendering counts). */
  available: boolean;
  /** It is drawn by the CPU (SwiftShader, llvmpipe): every pixel is dear. */
  software: boolean;
}

let known: WebGLSupport | null = null;

const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software/i;

/**
 * Whether this browser can draw the 3D view, and whether by software. Asked once per page; a
 * browser with WebGL switched off or a GPU on its block list says no, and the twin shows its
 * sensor list instead.
 */
export function webGLSupport(): WebGLSupport {
  if (known !== null) return known;
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return (known = { available: false, software: false });
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    known = { available: true, software: SOFTWARE_RENDERERS.test(renderer) };
  } catch {
    known = { available: false, software: false };
  }
  return known;
}
