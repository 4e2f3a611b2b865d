import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import type { BookingFormValues } from './booking-form-schema';
import { formatPaise } from '../../lib/format/numbers';
import { FeeBreakdown } from './fee-breakdown';
import { useQuote } from './quote-query';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

/** The server's quote of what the form says now; it follows every change of the fee's inputs. */
function useFormQuote() {
  const { control } = useFormContext<BookingFormValues>();
  const [service, urgency, addOns, remote] = useWatch({
    control,
    name: ['service', 'urgency', 'addOns', 'remote'],
  });
  const query = useQuote({ service, urgency, addOns: addOns ?? [], remote: remote ?? false });
  return { query, urgency };
}

/** The total of the form's quote alone, for a narrow bar; nothing until it is known. */
export function LiveTotal() {
  const { t, i18n } = useTranslation(SERVICES_NAMESPACES);
  const { query } = useFormQuote();
  if (!query.data) return null;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-200">
      {t('emergency.quote.total')}{' '}
      <span
        data-testid="booking-bar-total"
        className="text-base font-semibold tabular-nums text-slate-900 dark:text-white"
      >
        {formatPaise(query.data.totalPaise, i18n.language)}
      </span>
    </p>
  );
}

/**
 * The fee of what the form says now, line by line, as the server works it out: it follows every
 * change of service, urgency, add-ons and the remote flag.
 */
export function LiveFee({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const { query, urgency } = useFormQuote();

  if (query.isError && !query.data) {
    return (
      <QueryError
        message={t('emergency.quote.loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!query.data) {
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  }
  return (
    <div
      aria-live="polite"
      aria-busy={query.isPlaceholderData || undefined}
      className={query.isPlaceholderData ? 'opacity-60' : ''}
    >
      <FeeBreakdown quote={query.data} urgency={urgency} testId="booking-fee" />
      {compact ? null : (
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
          {t('emergency.quote.note')}
        </p>
      )}
    </div>
  );
}
