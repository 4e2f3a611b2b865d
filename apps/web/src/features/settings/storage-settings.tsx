import { canSeeStorage, type ReadingsStorage } from '@smart-city/shared';
import { useTranslation } from 'react-i18next';
import { QueryContent } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { useAuth } from '../../lib/auth/auth-context';
import { formatBytes } from '../../lib/format/numbers';
import { formatDate } from '../../lib/format/date-time';
import { useReadingsStorage } from './storage-query';

/** One figure: its name, the value, and a line under it. */
function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums dark:text-white">
        {value}
      </dd>
      {note ? <dd className="text-xs text-slate-600 dark:text-slate-400">{note}</dd> : null}
    </div>
  );
}

function StorageFigures({ storage }: { storage: ReadingsStorage }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const days = (count: number | null) =>
    count === null ? t('settings.storage.forever') : t('settings.storage.days', { count });
  const kept = [
    { key: 'raw', label: t('settings.storage.keptRaw'), value: days(storage.retention.rawDays) },
    {
      key: 'fine',
      label: t('settings.storage.keptFine'),
      value: days(storage.retention.fineRollupDays),
    },
    {
      key: 'hourly',
      label: t('settings.storage.keptHourly'),
      value: days(storage.retention.hourlyDays),
    },
    {
      key: 'daily',
      label: t('settings.storage.keptDaily'),
      value: days(storage.retention.dailyDays),
    },
  ];
  return (
    <div className="space-y-5">
      <dl className="grid gap-3 sm:grid-cols-2" data-testid="storage-figures">
        <Figure
          label={t('settings.storage.database')}
          value={formatBytes(storage.databaseBytes, locale)}
        />
        <Figure
          label={t('settings.storage.raw')}
          value={formatBytes(storage.rawBytes, locale)}
          note={t('settings.storage.partitions', { count: storage.rawPartitions })}
        />
        <Figure
          label={t('settings.storage.rollups')}
          value={formatBytes(storage.rollupBytes, locale)}
        />
        <Figure
          label={t('settings.storage.oldest')}
          value={
            storage.oldestReading
              ? t('settings.storage.oldestFrom', {
                  date: formatDate(storage.oldestReading, locale, 'UTC'),
                })
              : t('settings.storage.none')
          }
        />
      </dl>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">
          {t('settings.storage.keptTitle')}
        </h3>
        <dl
          className="divide-y divide-slate-200 text-sm dark:divide-slate-800"
          data-testid="storage-retention"
        >
          {kept.map((row) => (
            <div key={row.key} className="flex justify-between gap-4 py-2">
              <dt className="text-slate-700 dark:text-slate-200">{row.label}</dt>
              <dd className="font-medium whitespace-nowrap text-slate-900 tabular-nums dark:text-white">
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

/** For admins: what the readings take on disk and the retention in force. */
export function StorageSettings() {
  const { allows } = useAuth();
  return allows(canSeeStorage) ? <StorageCard /> : null;
}

function StorageCard() {
  const { t } = useTranslation();
  const query = useReadingsStorage();
  return (
    <SectionCard
      title={t('settings.storage.title')}
      description={t('settings.storage.intro')}
      testId="storage-settings"
    >
      <QueryContent query={query} errorMessage={t('settings.storage.loadFailed')}>
        {(storage) => <StorageFigures storage={storage} />}
      </QueryContent>
    </SectionCard>
  );
}
