import type { Sensor, SensorStatus } from '@smart-city/shared';
import type { MapAlertSeverity } from './alert-severity-colors';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { Ref, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMetricReading } from '../../lib/format/metric-value';
import { WALL_NAMESPACES } from '../../lib/i18n/wall-namespace';
import { useSensor } from '../../lib/sensors/sensor-query';

/** The mark under the pointer: one sensor (named) or a group of them. */
export interface HoveredMark {
  /** The sensor of a single mark; empty for a group. */
  id: string;
  name: string;
  count: number;
  status: SensorStatus;
  /** The worst active alert among its sensors, or '' for none. */
  alert: MapAlertSeverity | '';
  /** Tells apart groups of the same size and status: their extent. */
  key: string;
}

/**
 * The label beside the pointer over a mark: a sensor's name and latest value, or a group's size
 * and worst status; the worst active alert of either. It never takes the pointer, so the mark under it stays clickable. The map
 * places it (see SensorMapView); `sensor` is the hovered sensor once the server has answered.
 */
export function MapHoverLabel({
  mark,
  sensor,
  large = false,
  ref,
}: {
  mark: HoveredMark;
  sensor: Sensor | undefined;
  large?: boolean;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t, i18n } = useTranslation(WALL_NAMESPACES);
  const single = mark.id !== '';
  let detail: string;
  if (!single) {
    detail = t('hover.worst', { status: t(`signedIn:sensors.status.${mark.status}`) });
  } else if (sensor?.id !== mark.id) {
    detail = t('hover.reading');
  } else if (sensor.value === null) {
    detail = t('hover.noReading');
  } else {
    detail = formatMetricReading(sensor.value, sensor.type, sensor.unit, i18n.language);
  }
  return (
    <div
      ref={ref}
      role="tooltip"
      data-testid="sensor-map-hover"
      data-sensor-id={single ? mark.id : undefined}
      className={`pointer-events-none absolute top-0 left-0 z-10 max-w-64 rounded-md bg-white/95 px-2.5 py-1.5 text-slate-900 shadow-md ring-1 ring-slate-900/10 dark:bg-slate-800/95 dark:text-slate-100 dark:ring-white/15 ${large ? 'text-base' : 'text-sm'}`}
    >
      <p className="truncate font-semibold">
        {single ? mark.name : t('hover.sensors', { count: mark.count })}
      </p>
      <p className="text-slate-700 tabular-nums dark:text-slate-300">{detail}</p>
      {mark.alert ? (
        <p data-testid="sensor-map-hover-alert" className="font-medium">
          {t('hover.worstAlert', { severity: t(`signedIn:severity.${mark.alert}`) })}
        </p>
      ) : null}
    </div>
  );
}

/** Gap between the pointer and its hover label, in pixels. */
const HOVER_OFFSET_PX = 14;

function sameMark(a: HoveredMark | null, b: HoveredMark): boolean {
  return (
    a !== null &&
    a.id === b.id &&
    a.count === b.count &&
    a.status === b.status &&
    a.alert === b.alert &&
    a.key === b.key
  );
}

/**
 * The mark under the pointer over the map in `containerRef`, and its label beside the pointer. The
 * label moves with the pointer without a render; only another mark renders it again. `hover(mark,
 * point)` tells of the mark at a point of the map, `hover(null)` that there is none.
 */
export function useHoverLabel(containerRef: RefObject<HTMLElement | null>) {
  const [hovered, setHovered] = useState<HoveredMark | null>(null);
  const hoverLabelRef = useRef<HTMLDivElement>(null);
  const pointer = useRef({ x: 0, y: 0 });
  const hoveredSensor = useSensor(hovered?.id ?? '', Boolean(hovered?.id)).data;
  const place = useCallback(() => {
    const label = hoverLabelRef.current;
    const container = containerRef.current;
    if (!label || !container) return;
    const { x, y } = pointer.current;
    // Past the middle the label goes to the pointer's other side, so it never leaves the map.
    const left = x > container.clientWidth / 2;
    const above = y > label.offsetHeight + HOVER_OFFSET_PX;
    const dx = left ? `calc(${x - HOVER_OFFSET_PX}px - 100%)` : `${x + HOVER_OFFSET_PX}px`;
    const dy = above ? `calc(${y - HOVER_OFFSET_PX}px - 100%)` : `${y + HOVER_OFFSET_PX}px`;
    label.style.transform = `translate(${dx}, ${dy})`;
  }, [containerRef]);
  useLayoutEffect(place, [hovered, hoveredSensor, place]);
  const hover = useCallback(
    (mark: HoveredMark | null, point?: { x: number; y: number }) => {
      if (!mark) {
        setHovered(null);
        return;
      }
      if (point) pointer.current = { x: point.x, y: point.y };
      setHovered((current) => (sameMark(current, mark) ? current : mark));
      place();
    },
    [place],
  );
  return { hovered, hoveredSensor, hoverLabelRef, hover };
}
