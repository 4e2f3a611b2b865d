import { GST_PERCENT, REMOTE_SURCHARGE_PERCENT } from '@smart-city/shared';
import type { Quote, QuoteLine, Urgency } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { formatPaise } from '../../lib/format/numbers';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** A quote line in the reader's language; the server's English label when a code is unknown. */
function useLineLabel(urgency: Urgency) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  return (line: QuoteLine) => {
    switch (line.kind) {
      case 'service':
        return t('emergency.quote.serviceLine', {
          service: t(`emergency.services.${line.code}`, { defaultValue: line.label }),
          urgency: t(`emergency.urgency.${urgency}`),
        });
      case 'add_on':
        return t(`emergency.addOns.${line.code}`, { defaultValue: line.label });
      case 'remote':
        return t('emergency.quote.remote', { percent: REMOTE_SURCHARGE_PERCENT });
    }
  };
}

function Row({
  label,
  amount,
  strong = false,
  ruled = false,
  testId,
}: {
  label: string;
  amount: number;
  strong?: boolean;
  /** Starts a group under a rule: the subtotal, the total. */
  ruled?: boolean;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  return (
    <div
      className={`flex items-baseline justify-between gap-4 py-1.5 ${
        strong ? 'text-base font-semibold text-slate-900 dark:text-white' : ''
      } ${ruled ? 'mt-1 border-t border-slate-200 pt-2.5 dark:border-slate-700' : ''}`}
    >
      <dt className="min-w-0">{label}</dt>
      <dd data-testid={testId} className="shrink-0 tabular-nums">
        {formatPaise(amount, i18n.language)}
      </dd>
    </div>
  );
}

/**
 * A quote line by line: the service, add-ons and surcharge, the subtotal, GST and the total. Every
 * row is a direct child of the list, as a description list wants.
 */
export function FeeBreakdown({
  quote,
  urgency,
  testId = 'fee-breakdown',
}: {
  quote: Pick<Quote, 'lines' | 'subtotalPaise' | 'gstPaise' | 'totalPaise'>;
  urgency: Urgency;
  testId?: string;
}) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const labelOf = useLineLabel(urgency);
  return (
    <dl data-testid={testId} className="text-sm text-slate-700 dark:text-slate-300">
      {quote.lines.map((line) => (
        <Row key={`${line.kind}-${line.code}`} label={labelOf(line)} amount={line.amountPaise} />
      ))}
      <Row label={t('emergency.quote.subtotal')} amount={quote.subtotalPaise} ruled />
      <Row label={t('emergency.quote.gst', { percent: GST_PERCENT })} amount={quote.gstPaise} />
      <Row
        label={t('emergency.quote.total')}
        amount={quote.totalPaise}
        strong
        ruled
        testId={`${testId}-total`}
      />
    </dl>
  );
}
