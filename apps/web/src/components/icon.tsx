import {
  Activity,
  AtSign,
  Ban,
  Bell,
  Blocks,
  Box,
  Building2,
  Car,
  ChartColumn,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  CircleCheck,
  CircleX,
  Clock,
  Copy,
  Droplets,
  Eye,
  EyeOff,
  Gauge,
  House,
  Info,
  KeyRound,
  LayoutDashboard,
  LoaderCircle,
  LogOut,
  Mail,
  MapPin,
  Megaphone,
  Menu,
  MessageSquare,
  MonitorSmartphone,
  Moon,
  Pencil,
  Phone,
  Plus,
  Printer,
  Radio,
  Receipt,
  RotateCw,
  Settings,
  Send,
  ShieldCheck,
  Siren,
  Sun,
  Trash2,
  TriangleAlert,
  Truck,
  User,
  UserCheck,
  Users,
  Wind,
  X,
  Zap,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect } from 'react';

const ICONS = {
  dashboard: LayoutDashboard,
  analytics: ChartColumn,
  sensors: Radio,
  alerts: TriangleAlert,
  blockchain: Blocks,
  services: Building2,
  settings: Settings,
  profile: User,
  logout: LogOut,
  home: House,
  bell: Bell,
  menu: Menu,
  notices: Megaphone,
  'city-twin': Box,
  emergency: Siren,
  close: X,
  sun: Sun,
  moon: Moon,
  'chevron-down': ChevronDown,
  retry: RotateCw,
  eye: Eye,
  'eye-off': EyeOff,
  'alert-circle': CircleAlert,
  copy: Copy,
  key: KeyRound,
  mail: Mail,
  device: MonitorSmartphone,
  shield: ShieldCheck,
  clock: Clock,
  truck: Truck,
  activity: Activity,
  ban: Ban,
  phone: Phone,
  printer: Printer,
  receipt: Receipt,
  'map-pin': MapPin,
  'chevron-left': ChevronLeft,
  'chevron-right': ChevronRight,
  'at-sign': AtSign,
  message: MessageSquare,
  pencil: Pencil,
  plus: Plus,
  send: Send,
  'user-check': UserCheck,
  trash: Trash2,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

const SERVICE_ICONS: Record<string, LucideIcon> = {
  traffic: Car,
  energy: Zap,
  'air-quality': Wind,
  water: Droplets,
  waste: Trash2,
  population: Users,
};

const STATUS_ICONS = {
  success: CircleCheck,
  error: CircleX,
  warning: TriangleAlert,
  info: Info,
  loading: LoaderCircle,
} satisfies Record<string, LucideIcon>;

export type StatusIconName = keyof typeof STATUS_ICONS;

const ICON_SIZE = 20;
const ICON_STROKE_WIDTH = 2;
const STATUS_ICON_SIZE = 16;
const SERVICE_ICON_SIZE = 24;

interface IconProps {
  name: IconName;
  size?: number;
  strokeWidth?: number;
  className?: string;
  /** Names the icon for assistive technology; without it the icon is decorative. */
  label?: string;
}

function lookup<T extends object>(table: T, name: string): T[keyof T] | undefined {
  return Object.hasOwn(table, name) ? table[name as keyof T] : undefined;
}

function renderIcon(
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

/** One of the app's icons by name; an unknown name warns and renders nothing. */
export function Icon({
  name,
  size = ICON_SIZE,
  strokeWidth = ICON_STROKE_WIDTH,
  className,
  label,
}: IconProps) {
  const component = lookup(ICONS, name);
  useEffect(() => {
    if (!component) console.warn(`Icon "${name}" not found`);
  }, [component, name]);
  if (!component) return null;
  return renderIcon(component, { size, strokeWidth, className, label });
}

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
