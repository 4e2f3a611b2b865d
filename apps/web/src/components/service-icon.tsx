import { Car, Droplets, Gauge, Trash2, Users, Wind, Zap } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { ICON_STROKE_WIDTH, lookup, renderIcon } from './svg-icon';

const SERVICE_ICONS: Record<string, LucideIcon> = {
  traffic: Car,
  energy: Zap,
  'air-quality': Wind,
  water: Droplets,
  waste: Trash2,
  population: Users,
};

const SERVICE_ICON_SIZE = 24;

/** The icon of a sensor or service type (traffic, air-quality...); unknown types get a gauge. */
export function ServiceIcon({
  type,
  size = SERVICE_ICON_SIZE,
  className,
  label,
}: {
  type: string;
  size?: number;
  className?: string;
  label?: string;
}) {
  const component = lookup(SERVICE_ICONS, type.replaceAll('_', '-')) ?? Gauge;
  return renderIcon(component, { size, strokeWidth: ICON_STROKE_WIDTH, className, label });
}
