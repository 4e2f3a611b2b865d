import type { Sensor } from '@smart-city/shared';
import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMetricReading } from '../lib/format/metric-value';
import { iconButton } from './button-styles';
import { Icon, ServiceIcon } from './icon';
import { sensorTypeColor } from './sensor-map/sensor-type-colors';

// One sensor's panel, as IoT Sensors opens it beside the list and the city twin beside its scene:
// the same frame, heading, latest value and figures; each screen adds what is its own.

/** The panel's box, named by its heading (`titleId`). */
export function SensorPanelFrame({
  sensorId,
  titleId,
  testId,
  className = 'space-y-4 p-4',
  children,
}: {
  sensorId: string;
  titleId: string;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      data-testid={testId}
      data-sensor-id={sensorId}
      className={`rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      {children}
    </section>
  );
}

/**
 * The sensor's name as the panel's heading (focusable, for the screen to take the reader there),
 * its type and place under it, and the close button; with `icon`, its type's icon before them.
 */
export const SensorPanelHeading = forwardRef<
  HTMLHeadingElement,
  {
    sensor: Pick<Sensor, 'name' | 'type' | 'location'>;
    titleId: string;
    icon?: boolean;
    closeLabel: string;
    closeTestId: string;
    onClose: () => void;
  }
>(function SensorPanelHeading({ sensor, titleId, icon, closeLabel, closeTestId, onClose }, ref) {
  const { t } = useTranslation();
  return (
    <div className="flex items-start gap-3">
      {icon ? (
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-lg text-white"
          style={{ backgroundColor: sensorTypeColor(sensor.type) }}
        >
          <ServiceIcon type={sensor.type} size={20} />
        </span>
      ) : null}
      <div className="min-w-0 flex-1">
        <h2
          id={titleId}
          ref={ref}
          tabIndex={-1}
          className="scroll-mt-24 text-lg font-semibold text-slate-900 outline-none dark:text-white"
        >
          {sensor.name}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t(`sensorTypes.${sensor.type}`)} · {sensor.location}
        </p>
      </div>
      <button
        type="button"
        className={iconButton}
        onClick={onClose}
        aria-label={closeLabel}
        data-testid={closeTestId}
      >
        <Icon name="close" />
      </button>
    </div>
  );
});

/** The sensor's latest value with its unit, large; `noReading` where it has none yet. */
export function SensorLatestValue({
  sensor,
  noReading,
  testId,
}: {
  sensor: Pick<Sensor, 'value' | 'type' | 'unit'>;
  noReading: string;
  testId: string;
}) {
  const { i18n } = useTranslation();
  return (
    <p
      data-testid={testId}
      className="text-3xl font-semibold tabular-nums text-slate-900 dark:text-white"
    >
      {sensor.value === null ? (
        <span className="text-base font-normal text-slate-600 dark:text-slate-400">
          {noReading}
        </span>
      ) : (
        formatMetricReading(sensor.value, sensor.type, sensor.unit, i18n.language)
      )}
    </p>
  );
}

/** One figure of the panel's list (a `<dl>` of two columns): its name small, its value under it. */
export function SensorFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-0.5 break-words text-sm font-medium text-slate-900 dark:text-slate-100">
        {children}
      </dd>
    </div>
  );
}
