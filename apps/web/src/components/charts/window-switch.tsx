import { useTranslation } from 'react-i18next';
import { focusRing, pressedColors, unpressedColors } from '../button-styles';

/** Every time window a chart can show; a switch offers some of them. */
export type ChartWindow = '1h' | '24h' | '7d' | '30d' | '1y';

/**
 * The switch between a chart's time windows: one pressed button at a time, each named by its
 * short form ('24h') with the long one ('Last 24 hours') as its description.
 */
export function WindowSwitch<W extends ChartWindow>({
  windows,
  value,
  onChange,
  label,
  labelledBy,
  testId,
  optionTestIdPrefix,
}: {
  windows: readonly W[];
  value: W;
  onChange: (window: W) => void;
  /** Names the group; or `labelledBy` points at a visible label. */
  label?: string;
  labelledBy?: string;
  testId?: string;
  /** Each option gets `<prefix>-<window>` as its test id. */
  optionTestIdPrefix?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      data-testid={testId}
      className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700"
    >
      {windows.map((window) => {
        const pressed = window === value;
        return (
          <button
            key={window}
            type="button"
            aria-pressed={pressed}
            title={t(`windows.long.${window}`)}
            data-testid={optionTestIdPrefix ? `${optionTestIdPrefix}-${window}` : undefined}
            onClick={() => onChange(window)}
            className={`min-w-12 rounded-md px-3 py-1 text-sm font-semibold ${focusRing} ${
              pressed ? pressedColors : unpressedColors
            }`}
          >
            {t(`windows.short.${window}`)}
          </button>
        );
      })}
    </div>
  );
}
