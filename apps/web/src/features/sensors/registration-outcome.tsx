import { useTranslation } from 'react-i18next';
import { InlineAlert } from '../../components/inline-alert';
import { userFacingMessage } from '../../lib/api-client';
import { RegistrationInterrupted, type RegistrationOutcome } from './register-sensors-mutation';

/** How a registration ended: how many were new of how many were sent, or why it stopped. */
export function RegistrationResult({
  outcome,
  error,
}: {
  outcome: RegistrationOutcome | undefined;
  error: Error | null;
}) {
  const { t } = useTranslation();
  if (error instanceof RegistrationInterrupted) {
    return (
      <InlineAlert tone="error" title={t('sensors.register.failed')} testId="sensor-register-error">
        <p>{userFacingMessage(error.reason) ?? t('sensors.register.failedHint')}</p>
        <p>
          {t('sensors.register.interrupted', {
            added: error.added,
            sent: error.sent,
          })}
        </p>
      </InlineAlert>
    );
  }
  if (error) {
    return (
      <InlineAlert tone="error" title={t('sensors.register.failed')} testId="sensor-register-error">
        {userFacingMessage(error) ?? t('sensors.register.failedHint')}
      </InlineAlert>
    );
  }
  if (!outcome) return null;
  const kept = outcome.total - outcome.added;
  return (
    <InlineAlert
      tone="success"
      title={t('sensors.register.added', { added: outcome.added, count: outcome.total })}
      testId="sensor-register-done"
    >
      {kept > 0 ? t('sensors.register.kept', { count: kept }) : null}
    </InlineAlert>
  );
}
