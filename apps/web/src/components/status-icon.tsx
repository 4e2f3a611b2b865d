import { CircleCheck, CircleX, Info, LoaderCircle, TriangleAlert } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { ICON_STROKE_WIDTH, renderIcon } from './svg-icon';

const STATUS_ICONS = {
  success: CircleCheck,
  error: CircleX,
  warning: TriangleAlert,
  info: Info,
  loading: LoaderCircle,
} satisfies Record<string, LucideIcon>;

export type StatusIconName = keyof typeof STATUS_ICONS;

const STATUS_ICON_SIZE = 16;

/** A status icon (success, error, warning, info, loading); loading spins. */
export function StatusIcon({
  status,
  size = STATUS_ICON_SIZE,
  className,
  label,
}: {
  status: StatusIconName;
  size?: number;
  className?: string;
  label?: string;
}) {
  const component = STATUS_ICONS[status];
  const spin = status === 'loading' ? 'animate-spin motion-reduce:animate-none' : '';
  return renderIcon(component, {
    size,
    strokeWidth: ICON_STROKE_WIDTH,
    className: [spin, className].filter(Boolean).join(' ') || undefined,
    label,
  });
}
