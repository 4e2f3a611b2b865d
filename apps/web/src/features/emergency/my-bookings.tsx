import type { BookingStatusFilter } from '@smart-city/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { FilterChip, FilterChipGroup } from '../../components/filter-chips';
import { Icon } from '../../components/icon';
import { BookingCard } from './booking-card';
import { BookingList } from './booking-list';
import { useBookings } from './bookings-query';
import { StatementPanel } from './statement-panel';
import { SERVICES_NAMESPACES } from '../../lib/i18n/services-namespace';

const FILTERS = [
  'all',
  'open',
  'completed',
  'cancelled',
  'payment_failed',
] as const satisfies readonly (BookingStatusFilter | 'all')[];

/** The person's bookings, newest first, filtered by status, live; and their monthly statement. */
export function MyBookings() {
  const { t } = useTranslation(SERVICES_NAMESPACES);
  const [status, setStatus] = useState<(typeof FILTERS)[number]>('all');
  const query = useBookings({ view: 'mine', status });

  return (
    <div className="grid gap-6 xl:grid-cols-3">
      <section aria-labelledby="my-bookings-title" className="space-y-4 xl:col-span-2">
        <h2 id="my-bookings-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('emergency.mine.title')}
        </h2>
        <FilterChipGroup label={t('emergency.mine.filter')} testId="my-bookings-filter">
          {FILTERS.map((filter) => (
            <FilterChip
              key={filter}
              label={t(`emergency.mine.filters.${filter}`)}
              count={null}
              pressed={status === filter}
              onSelect={() => setStatus(filter)}
              testId={`my-bookings-filter-${filter}`}
            />
          ))}
        </FilterChipGroup>
        <BookingList
          query={query}
          testId="my-bookings"
          errorMessage={t('emergency.mine.loadFailed')}
          empty={
            <EmptyState
              icon={<Icon name="emergency" />}
              title={
                status === 'all' ? t('emergency.mine.empty') : t('emergency.mine.emptyFiltered')
              }
              description={status === 'all' ? t('emergency.mine.emptyHint') : undefined}
            />
          }
          renderBooking={(booking) => <BookingCard booking={booking} operations={false} />}
        />
      </section>
      <div className="xl:col-span-1">
        <StatementPanel />
      </div>
    </div>
  );
}
