import {
  CITY_KEYS,
  SENSOR_TYPES,
  SENSOR_UNITS,
  sensorRegistrationSchema,
} from '@smart-city/shared';
import type { CityKey, SensorType } from '@smart-city/shared';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../components/button-styles';
import { inputClass, labelClass, TextField } from '../../components/form-field';
import { Icon } from '../../components/icon';
import { StatusIcon } from '../../components/status-icon';
import { entryProblems, type SensorFileProblem } from './sensor-file';
import { useRegisterSensors } from './register-sensors-mutation';
import { RegistrationResult } from './registration-outcome';

type TextFieldName = 'id' | 'name' | 'location' | 'lat' | 'lng' | 'unit';
const EMPTY: Record<TextFieldName, string> = {
  id: '',
  name: '',
  location: '',
  lat: '',
  lng: '',
  unit: '',
};

const selectClass = `${inputClass} border-slate-300 dark:border-slate-600`;

/** A typed coordinate as the schema should judge it: a number when it reads as one. */
function coordinate(text: string): number | string {
  const trimmed = text.trim().replace(',', '.');
  const number = Number(trimmed);
  return trimmed !== '' && Number.isFinite(number) ? number : trimmed;
}

/**
 * One sensor typed in by an admin: checked with the shared schema before it is sent, each field's
 * problem shown under it; the unit may stay empty for the type's own.
 */
export function AddSensorForm({ city: initialCity }: { city: CityKey }) {
  const { t } = useTranslation();
  const register = useRegisterSensors();
  const [fields, setFields] = useState(EMPTY);
  const [type, setType] = useState<SensorType>(SENSOR_TYPES[0]);
  const [city, setCity] = useState<CityKey>(initialCity);
  const [problems, setProblems] = useState<Partial<Record<string, SensorFileProblem['kind']>>>({});
  const typeId = useId();
  const cityId = useId();

  const set = (name: TextFieldName) => (event: { target: { value: string } }) =>
    setFields((previous) => ({ ...previous, [name]: event.target.value }));
  const errorOf = (name: string) => {
    const kind = problems[name];
    if (!kind) return undefined;
    return kind === 'missing'
      ? t('sensors.register.required')
      : kind === 'outOfRange'
        ? t(`sensors.register.range.${name === 'lat' || name === 'lng' ? name : 'length'}`)
        : t('sensors.register.fieldInvalid');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const entry = {
      id: fields.id,
      name: fields.name,
      type,
      city,
      location: fields.location,
      lat: coordinate(fields.lat),
      lng: coordinate(fields.lng),
      ...(fields.unit.trim() ? { unit: fields.unit } : {}),
    };
    const found = entryProblems(0, entry);
    setProblems(Object.fromEntries(found.map((problem) => [problem.field ?? '', problem.kind])));
    if (found.length > 0) return;
    register.mutate([sensorRegistrationSchema.parse(entry)], {
      onSuccess: () => setFields(EMPTY),
    });
  };

  return (
    <form noValidate onSubmit={submit} data-testid="add-sensor-form" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('sensors.register.fields.id')}
          hint={t('sensors.register.fields.idHint')}
          data-testid="add-sensor-id"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={fields.id}
          error={errorOf('id')}
          onChange={set('id')}
        />
        <TextField
          label={t('sensors.register.fields.name')}
          data-testid="add-sensor-name"
          autoComplete="off"
          maxLength={200}
          value={fields.name}
          error={errorOf('name')}
          onChange={set('name')}
        />
        <div>
          <label htmlFor={typeId} className={labelClass}>
            {t('sensors.register.fields.type')}
          </label>
          <select
            id={typeId}
            data-testid="add-sensor-type"
            value={type}
            onChange={(event) =>
              setType(SENSOR_TYPES.find((key) => key === event.target.value) ?? SENSOR_TYPES[0])
            }
            className={selectClass}
          >
            {SENSOR_TYPES.map((key) => (
              <option key={key} value={key}>
                {t(`sensorTypes.${key}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={cityId} className={labelClass}>
            {t('sensors.register.fields.city')}
          </label>
          <select
            id={cityId}
            data-testid="add-sensor-city"
            value={city}
            onChange={(event) =>
              setCity(CITY_KEYS.find((key) => key === event.target.value) ?? city)
            }
            className={selectClass}
          >
            {CITY_KEYS.map((key) => (
              <option key={key} value={key}>
                {t(`cityNames.${key}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          className="sm:col-span-2"
          label={t('sensors.register.fields.location')}
          hint={t('sensors.register.fields.locationHint')}
          data-testid="add-sensor-location"
          autoComplete="off"
          maxLength={200}
          value={fields.location}
          error={errorOf('location')}
          onChange={set('location')}
        />
        <TextField
          label={t('sensors.register.fields.lat')}
          data-testid="add-sensor-lat"
          inputMode="decimal"
          autoComplete="off"
          value={fields.lat}
          error={errorOf('lat')}
          onChange={set('lat')}
        />
        <TextField
          label={t('sensors.register.fields.lng')}
          data-testid="add-sensor-lng"
          inputMode="decimal"
          autoComplete="off"
          value={fields.lng}
          error={errorOf('lng')}
          onChange={set('lng')}
        />
        <TextField
          label={t('sensors.register.fields.unit')}
          hint={t('sensors.register.fields.unitHint', { unit: SENSOR_UNITS[type] })}
          data-testid="add-sensor-unit"
          autoComplete="off"
          maxLength={20}
          value={fields.unit}
          error={errorOf('unit')}
          onChange={set('unit')}
        />
      </div>
      <RegistrationResult outcome={register.data} error={register.error} />
      <button
        type="submit"
        data-testid="add-sensor-submit"
        disabled={register.isPending}
        aria-busy={register.isPending || undefined}
        className={primaryButton}
      >
        {register.isPending ? <StatusIcon status="loading" /> : <Icon name="plus" size={18} />}
        {register.isPending ? t('sensors.register.sending') : t('sensors.register.submitOne')}
      </button>
    </form>
  );
}
