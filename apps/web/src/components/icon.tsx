import {
  Activity,
  AtSign,
  Ban,
  Bell,
  Blocks,
  Box,
  Building2,
  ChartColumn,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  ClipboardList,
  CircleAlert,
  Clock,
  Copy,
  Database,
  Eye,
  EyeOff,
  House,
  KeyRound,
  LayoutDashboard,
  LogOut,
  Mail,
  MapPin,
  Megaphone,
  Menu,
  MessageSquare,
  MessageSquareWarning,
  MonitorSmartphone,
  Moon,
  Pencil,
  Phone,
  Plus,
  Printer,
  Radio,
  Receipt,
  RotateCw,
  Search,
  Settings,
  Send,
  ShieldCheck,
  Siren,
  Sun,
  Trash2,
  TriangleAlert,
  Truck,
  Upload,
  User,
  UserCheck,
  Users,
  Wrench,
  X,
  SlidersHorizontal,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { ICON_SIZE, ICON_STROKE_WIDTH, lookup, renderIcon } from './svg-icon';
import type { IconProps as SvgIconProps } from './svg-icon';

export { ServiceIcon } from './service-icon';
export { StatusIcon } from './status-icon';

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
  filters: SlidersHorizontal,
  trash: Trash2,
  people: Users,
  search: Search,
  upload: Upload,
  wrench: Wrench,
  'report-problem': MessageSquareWarning,
  reports: ClipboardList,
  'open-data': Database,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

interface IconProps extends SvgIconProps {
  name: IconName;
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
