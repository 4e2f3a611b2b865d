import { findArea, maintenanceWindowState } from '@smart-city/shared';
import type { CityKey, MaintenanceWindow } from '@smart-city/shared';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { dangerActionButton } from '../../components/button-styles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-states';
import { Spinner } from '../../components/spinner';
import { userFacingMessage } from '../../lib/api-client';
import { useCity, useCityZone } from '../../lib/city/city-context';
import { formatDateTime, formatZoneName } from '../../lib/format/date-time';
import { useEndMaintenance, useMaintenanceWindows } from './maintenance-windows-query';
import { NewMaintenanceWindow } from './new-maintenance-window';

/** How many of a window's sensor ids its row names before it only counts them. */
const IDS_NAMED = 5;

const STATE_TONE = {
  current: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  upcoming: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  ended: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
} as const;

/**
 * Maintenance windows, an administrator's page: schedule a period in which a city's sensors (all, a
 * type, an area or named ones) raise alerts that are recorded but not shown, and end one early.
 * The list beside the form is the chosen city's: current and upcoming windows, then the last week's.
 */
export function MaintenanceWindowsPage() {
  const { t, i18n } = useTranslation();
  const { cityKey } = useCity();
  const zoneOf = useCityZone();
  const [city, setCity] = useState<CityKey>(cityKey);
  const timeZone = zoneOf(city);
  const windows = useMaintenanceWindows(city);
  const end = useEndMaintenance();
  const [ending, setEnding] = useState<MaintenanceWindow | null>(null);
  const zoneName = timeZone ? formatZoneName(timeZone, i18n.language) : '';

  const closeDialog = () => {
    setEnding(null);
    end.reset();
  };

  const confirmEnd = () => {
    if (!ending) return;
    end.mutate(ending.id, {
      onSuccess: () => {
        toast.success(t('admin.maintenance.ended'));
        closeDialog();
      },
    });
  };

  return (
    <>
      <PageHeader title={t('screens.maintenance.title')} />
      <div className="space-y-6">
        <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-400">
          {t('admin.maintenance.intro')}
        </p>
        {/* Its times are on the city's clock: a form made before the zone was known starts again. */}
        <NewMaintenanceWindow
          key={`${city}|${timeZone ?? ''}`}
          city={city}
          onCityChange={setCity}
          timeZone={timeZone}
          zoneName={zoneName}
        />
        <section aria-labelledby="maintenance-list-heading" className="space-y-3">
          <h2
            id="maintenance-list-heading"
            className="text-base font-semibold text-slate-900 dark:text-white"
          >
            {t('admin.maintenance.listTitle')} · {t(`cityNames.${city}`)}
          </h2>
          {windows.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner size={32} />
            </div>
          ) : windows.isError ? (
            <QueryError
              testId="maintenance-error"
              message={t('admin.maintenance.loadFailed')}
              onRetry={() => void windows.refetch()}
              retrying={windows.isFetching}
            />
          ) : windows.data.length === 0 ? (
            <EmptyState
              icon={<Icon name="wrench" />}
              title={t('admin.maintenance.empty')}
              description={t('admin.maintenance.emptyHelp')}
            />
          ) : (
            <ul
              data-testid="maintenance-list"
              className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
            >
              {windows.data.map((window) => (
                <WindowRow
                  key={window.id}
                  window={window}
                  timeZone={timeZone}
                  now={windows.dataUpdatedAt}
                  onEnd={() => setEnding(window)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
      {ending ? (
        <ConfirmDialog
          testId="maintenance-end-dialog"
          title={t('admin.maintenance.endTitle')}
          confirmLabel={
            ending.active ? t('admin.maintenance.endNow') : t('admin.maintenance.cancelWindow')
          }
          confirmClassName={dangerActionButton}
          pending={end.isPending}
          error={
            end.isError ? (userFacingMessage(end.error) ?? t('admin.maintenance.endFailed')) : null
          }
          onConfirm={confirmEnd}
          onCancel={closeDialog}
        >
          <p className="break-words">{ending.reason}</p>
          <p>{t('admin.maintenance.endBody')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** Which sensors a window covers, in the reader's words. */
function useScopeWords() {
  const { t } = useTranslation();
  return (window: MaintenanceWindow): string => {
    const parts: string[] = [];
    if (window.sensorIds) {
      const named = window.sensorIds.slice(0, IDS_NAMED).join(', ');
      const more = window.sensorIds.length > IDS_NAMED ? ', …' : '';
      parts.push(
        t('admin.maintenance.scopeSensors', {
          count: window.sensorIds.length,
          ids: `${named}${more}`,
        }),
      );
    }
    if (window.type) parts.push(t(`sensorTypes.${window.type}`));
    if (window.area) parts.push(findArea(window.area)?.name ?? window.area);
    return parts.length > 0 ? parts.join(' · ') : t('admin.maintenance.scopeCity');
  };
}

function WindowRow({
  window,
  timeZone,
  now,
  onEnd,
}: {
  window: MaintenanceWindow;
  timeZone: string | undefined;
  /** The moment the list was answered, which says whether each window is current. */
  now: number;
  onEnd: () => void;
}) {
  const { t, i18n } = useTranslation();
  const scopeWords = useScopeWords();
  const scopeId = useId();
  const buttonId = useId();
  const state = maintenanceWindowState(window, now);
  const at = (iso: string) => formatDateTime(iso, i18n.language, timeZone);
  return (
    <li
      data-testid="maintenance-row"
      data-window-id={window.id}
      data-state={state}
      className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5"
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span
            data-testid="maintenance-row-state"
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONE[state]}`}
          >
            {t(`admin.maintenance.state.${state}`)}
          </span>
          <span
            id={scopeId}
            data-testid="maintenance-row-scope"
            className="font-semibold break-words text-slate-900 dark:text-white"
          >
            {scopeWords(window)}
          </span>
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <time dateTime={window.startsAt}>{at(window.startsAt)}</time>
          {' – '}
          <time dateTime={window.endsAt}>{at(window.endsAt)}</time>
        </p>
        <p className="text-sm break-words text-slate-700 dark:text-slate-300">{window.reason}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('admin.maintenance.createdBy', { name: window.createdBy })}
        </p>
      </div>
      {state === 'ended' ? null : (
        <button
          type="button"
          id={buttonId}
          data-testid="maintenance-end"
          onClick={onEnd}
          aria-labelledby={`${buttonId} ${scopeId}`}
          className={`${dangerActionButton} self-start sm:self-auto`}
        >
          <Icon name="close" size={16} />
          {state === 'current'
            ? t('admin.maintenance.endNow')
            : t('admin.maintenance.cancelWindow')}
        </button>
      )}
    </li>
  );
}
