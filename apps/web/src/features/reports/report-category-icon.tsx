import {
  CircleEllipsis,
  Droplets,
  Lightbulb,
  Recycle,
  TrafficCone,
  Trash2,
  TreeDeciduous,
  Volume2,
  Waves,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReportCategory } from '@smart-city/shared';
import { ICON_SIZE, ICON_STROKE_WIDTH, renderIcon } from '../../components/svg-icon';

// A table of its own, as the status and service icons are: the public report screens download
// these nine icons and not the app's whole set.
const CATEGORY_ICONS = {
  pothole: TrafficCone,
  garbage: Recycle,
  overflowing_bin: Trash2,
  streetlight: Lightbulb,
  water_leak: Droplets,
  sewage: Waves,
  noise: Volume2,
  fallen_tree: TreeDeciduous,
  other: CircleEllipsis,
} satisfies Record<ReportCategory, LucideIcon>;

/** A report category's icon; decorative, as its name is always written beside it. */
export function ReportCategoryIcon({
  category,
  size = ICON_SIZE,
  className,
}: {
  category: ReportCategory;
  size?: number;
  className?: string;
}) {
  return renderIcon(CATEGORY_ICONS[category], {
    size,
    strokeWidth: ICON_STROKE_WIDTH,
    className,
  });
}
