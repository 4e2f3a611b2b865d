import type { LucideIcon } from 'lucide-react';

// How every icon of the app is drawn. The icons by name (icon.tsx), by status and by sensor type
// are modules of their own, so a page downloads only the icons of the tables it uses.

export const ICON_SIZE = 20;
export const ICON_STROKE_WIDTH = 2;

export interface IconProps {
  size?: number;
  strokeWidth?: number;
  className?: string;
  /** Names the icon for assistive technology; without it the icon is decorative. */
  label?: string;
}

export function lookup<T extends object>(table: T, name: string): T[keyof T] | undefined {
  return Object.hasOwn(table, name) ? table[name as keyof T] : undefined;
}

export function renderIcon(
  Component: LucideIcon,
  {
    size,
    strokeWidth,
    className,
    label,
  }: Required<Pick<IconProps, 'size' | 'strokeWidth'>> & Pick<IconProps, 'className' | 'label'>,
) {
  return (
    <Component
      size={size}
      strokeWidth={strokeWidth}
      className={className}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'img' : undefined}
      focusable="false"
    />
  );
}

/**
 * One icon given as its lucide component. Code that every page or a public page loads uses it
 * rather than `Icon`: looking an icon up by name keeps every icon of the table in the download.
 */
export function SvgIcon({
  icon,
  size = ICON_SIZE,
  strokeWidth = ICON_STROKE_WIDTH,
  className,
  label,
}: IconProps & { icon: LucideIcon }) {
  return renderIcon(icon, { size, strokeWidth, className, label });
}
