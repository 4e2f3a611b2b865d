import type { SensorType } from '@smart-city/shared';
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatChangePct, trendDirection } from './metric-format';
import type { TrendDirection } from './metric-format';

/** Metrics where a rise is bad news: their rise is tinted red and their fall green. */
const RISE_IS_WORSE: ReadonlySet<SensorType> = new Set(['traffic', 'air_quality', 'waste']);

const ARROWS = { up: ArrowUpRight, down: ArrowDownRight, flat: ArrowRight } as const;

function toneOf(metric: SensorType, direction: TrendDirection): string {
  const neutral = 'text-slate-700 dark:text-slate-300';
  if (direction === 'flat' || !RISE_IS_WORSE.has(metric)) return neutral;
  return direction === 'up'
    ? 'text-red-700 dark:text-red-300'
    : 'text-emerald-700 dark:text-emerald-300';
}

/**
 * A card's change against the same time yesterday: an arrow, the word, the signed percent and
 * 'vs yesterday'; or a plain sentence when there is nothing to compare with.
 */
export function TrendBadge({
  metric,
  changePct,
  large = false,
}: {
  metric: SensorType;
  changePct: number | null;
  /** In text of 16 px, for a screen read from across a room. */
  large?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const size = large ? 'text-base' : 'text-xs';
  if (changePct === null) {
    return (
      <p data-testid="metric-trend" className={`${size} text-slate-600 dark:text-slate-400`}>
        {t('dashboard.trend.none')}
      </p>
    );
  }
  const direction = trendDirection(changePct);
  const Arrow = ARROWS[direction];
  return (
    <p
      data-testid="metric-trend"
      data-direction={direction}
      className={`flex flex-wrap items-center gap-1 ${size} font-medium ${toneOf(metric, direction)}`}
    >
      <Arrow size={16} strokeWidth={2} aria-hidden="true" focusable="false" />
      <span className="sr-only">{t(`dashboard.trend.${direction}`)}</span>
      <span data-testid="metric-trend-pct" className="tabular-nums">
        {formatChangePct(changePct, i18n.language)}
      </span>
      <span className="font-normal text-slate-600 dark:text-slate-400">
        {t('dashboard.trend.vsYesterday')}
      </span>
    </p>
  );
}
