import type { CityKey } from '@smart-city/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { iconButton, secondaryButton } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { AddSensorForm } from './add-sensor-form';
import { ImportSensorsForm } from './import-sensors-form';

/** Which way an admin adds sensors: one typed in, or a file of many. */
export type RegistrationMode = 'one' | 'file';

/** The panel the actions open; its id ties each action button to it. */
const REGISTRATION_PANEL_ID = 'sensor-registration';

/** The Sensors screen's admin actions: add one sensor, or import a file of them. */
export function RegistrationActions({
  open,
  onOpen,
}: {
  open: RegistrationMode | null;
  onOpen: (mode: RegistrationMode | null) => void;
}) {
  const { t } = useTranslation();
  const toggle = (mode: RegistrationMode) => onOpen(open === mode ? null : mode);
  return (
    <>
      <button
        type="button"
        data-testid="add-sensor-button"
        aria-expanded={open === 'one'}
        aria-controls={open === 'one' ? REGISTRATION_PANEL_ID : undefined}
        onClick={() => toggle('one')}
        className={secondaryButton}
      >
        <Icon name="plus" size={18} />
        {t('sensors.register.addOne')}
      </button>
      <button
        type="button"
        data-testid="import-sensors-button"
        aria-expanded={open === 'file'}
        aria-controls={open === 'file' ? REGISTRATION_PANEL_ID : undefined}
        onClick={() => toggle('file')}
        className={secondaryButton}
      >
        <Icon name="upload" size={18} />
        {t('sensors.register.importFile')}
      </button>
    </>
  );
}

/** The form an action opened, under the screen's title, with a button that closes it. */
export function RegistrationPanel({
  mode,
  city,
  onClose,
}: {
  mode: RegistrationMode;
  city: CityKey;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      id={REGISTRATION_PANEL_ID}
      aria-labelledby={headingId}
      data-testid="sensor-registration"
      className="mb-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
          {mode === 'one' ? t('sensors.register.oneTitle') : t('sensors.register.fileTitle')}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('sensors.register.close')}
          title={t('sensors.register.close')}
          className={`${iconButton} -mt-2 -mr-2 shrink-0`}
        >
          <Icon name="close" size={18} />
        </button>
      </div>
      {mode === 'one' ? <AddSensorForm key="one" city={city} /> : <ImportSensorsForm key="file" />}
    </section>
  );
}
