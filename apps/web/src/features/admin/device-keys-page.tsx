import type { DeviceKey } from '@smart-city/shared';
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
import { useCityDates } from '../../lib/format/use-city-dates';
import { useDeviceKeys } from './device-keys-query';
import { NewDeviceKey } from './new-device-key';
import { useRevokeDeviceKey } from './revoke-device-key-mutation';

/**
 * Device keys, the administration's own page: the keys with which sensors and gateways send
 * readings, reporter apps make reports and open-data clients read within their own limit, a new one
 * made here (its secret shown once), and a key revoked when its device is lost or retired.
 */
export function DeviceKeysPage() {
  const { t } = useTranslation();
  const keys = useDeviceKeys();
  const revoke = useRevokeDeviceKey();
  const [revoking, setRevoking] = useState<DeviceKey | null>(null);

  const closeDialog = () => {
    setRevoking(null);
    revoke.reset();
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    const key = revoking;
    revoke.mutate(key.id, {
      onSuccess: () => {
        toast.success(t('admin.deviceKeys.revoked', { name: key.name }));
        closeDialog();
      },
    });
  };

  return (
    <>
      <PageHeader title={t('screens.deviceKeys.title')} />
      <div className="space-y-6">
        <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-400">
          {t('admin.deviceKeys.intro')}
        </p>
        <NewDeviceKey />
        <section aria-labelledby="device-keys-heading" className="space-y-3">
          <h2
            id="device-keys-heading"
            className="text-base font-semibold text-slate-900 dark:text-white"
          >
            {t('admin.deviceKeys.listTitle')}
          </h2>
          {keys.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner size={32} />
            </div>
          ) : keys.isError ? (
            <QueryError
              testId="device-keys-error"
              message={t('admin.deviceKeys.loadFailed')}
              onRetry={() => void keys.refetch()}
              retrying={keys.isFetching}
            />
          ) : keys.data.length === 0 ? (
            <EmptyState
              icon={<Icon name="key" />}
              title={t('admin.deviceKeys.empty')}
              description={t('admin.deviceKeys.emptyHelp')}
            />
          ) : (
            <ul
              data-testid="device-key-list"
              className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
            >
              {keys.data.map((key) => (
                <DeviceKeyRow key={key.id} deviceKey={key} onRevoke={() => setRevoking(key)} />
              ))}
            </ul>
          )}
        </section>
      </div>
      {revoking ? (
        <ConfirmDialog
          testId="revoke-dialog"
          title={t('admin.deviceKeys.revokeTitle')}
          confirmLabel={t('admin.deviceKeys.revoke')}
          confirmClassName={dangerActionButton}
          pending={revoke.isPending}
          error={
            revoke.isError
              ? (userFacingMessage(revoke.error) ?? t('admin.deviceKeys.revokeFailed'))
              : null
          }
          onConfirm={confirmRevoke}
          onCancel={closeDialog}
        >
          <p>
            <span translate="no" className="font-semibold break-words">
              {revoking.name}
            </span>{' '}
            <span translate="no" className="font-mono text-xs">
              ({revoking.prefix}…)
            </span>
          </p>
          <p>{t('admin.deviceKeys.revokeBody')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function DeviceKeyRow({ deviceKey, onRevoke }: { deviceKey: DeviceKey; onRevoke: () => void }) {
  const { t } = useTranslation();
  const dates = useCityDates();
  const nameId = useId();
  const revokeId = useId();
  return (
    <li
      data-testid="device-key-row"
      data-key-id={deviceKey.id}
      className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5"
    >
      <div className="min-w-0 space-y-1">
        <p
          id={nameId}
          translate="no"
          data-testid="device-key-row-name"
          className="font-semibold break-words text-slate-900 dark:text-white"
        >
          {deviceKey.name}
        </p>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <span translate="no" className="font-mono">
            {deviceKey.prefix}…
          </span>
          <span data-testid="device-key-row-kind">
            {t(`admin.deviceKeys.kinds.${deviceKey.kind}`)}
          </span>
          {deviceKey.kind === 'open-data' && deviceKey.rateLimit !== null ? (
            <span data-testid="device-key-row-limit">
              {t('admin.deviceKeys.rateLimitShown', { count: deviceKey.rateLimit })}
            </span>
          ) : null}
          <span>
            {deviceKey.city ? t(`cityNames.${deviceKey.city}`) : t('admin.deviceKeys.anyCity')}
          </span>
          <span>
            {t('admin.deviceKeys.created', { date: dates.dateTime(deviceKey.createdAt) })}
          </span>
        </p>
      </div>
      <button
        type="button"
        data-testid="device-key-revoke"
        onClick={onRevoke}
        id={revokeId}
        aria-labelledby={`${revokeId} ${nameId}`}
        className={`${dangerActionButton} self-start sm:self-auto`}
      >
        <Icon name="trash" size={16} />
        {t('admin.deviceKeys.revoke')}
      </button>
    </li>
  );
}
