import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The quiet zone a reader needs around the code, in modules. */
const QUIET_ZONE = 4;

/** One SVG path with a square per dark module; error correction M, as authenticator apps expect. */
function qrPath(value: string): { path: string; modules: number } {
  const qr = qrcode(0, 'M');
  qr.addData(value);
  qr.make();
  const modules = qr.getModuleCount();
  const squares: string[] = [];
  for (let row = 0; row < modules; row += 1) {
    for (let col = 0; col < modules; col += 1) {
      if (qr.isDark(row, col)) squares.push(`M${col} ${row}h1v1h-1z`);
    }
  }
  return { path: squares.join(''), modules };
}

/** A QR code drawn as SVG, black on white in both themes so every camera reads it. */
export function QrCode({
  value,
  label,
  size = 192,
  testId,
}: {
  value: string;
  label: string;
  size?: number;
  testId?: string;
}) {
  const { path, modules } = useMemo(() => qrPath(value), [value]);
  const extent = modules + QUIET_ZONE * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid={testId}
      width={size}
      height={size}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${extent} ${extent}`}
      shapeRendering="crispEdges"
      className="rounded-lg"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={extent} height={extent} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
