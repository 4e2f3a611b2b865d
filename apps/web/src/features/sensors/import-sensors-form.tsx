import type { SensorRegistration } from '@smart-city/shared';
import { useId, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../components/button-styles';
import { inputClass, labelClass } from '../../components/form-field';
import { Icon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { StatusIcon } from '../../components/status-icon';
import { useRegisterSensors } from './register-sensors-mutation';
import { RegistrationResult } from './registration-outcome';
import { readSensorFile, SENSOR_CSV_COLUMNS, type SensorFileProblem } from './sensor-file';

/** How many of a file's problems are listed: enough to fix the first rows, not a wall of text. */
const PROBLEMS_SHOWN = 10;

type FileState =
  | { state: 'none' }
  | { state: 'reading' }
  | { state: 'ready'; name: string; sensors: SensorRegistration[] }
  | { state: 'refused'; name: string; json: boolean; problems: SensorFileProblem[] };

/** One problem of a file in the reader's words: where it is, then what is wrong. */
function ProblemText({ problem, json }: { problem: SensorFileProblem; json: boolean }) {
  const { t } = useTranslation();
  const what = t(`sensors.register.problem.${problem.kind}`, {
    field: problem.field ?? '',
    other: problem.other ?? '',
  });
  if (problem.row === 0) return what;
  return json
    ? t('sensors.register.entryProblem', { row: problem.row, problem: what })
    : t('sensors.register.rowProblem', { row: problem.row, problem: what });
}

/**
 * A CSV or JSON file of sensors: read and checked in the browser with the shared schema as soon as
 * it is chosen, so a file with a bad row sends nothing and says which rows to fix; a sound one is
 * sent in batches the endpoint takes.
 */
export function ImportSensorsForm() {
  const { t } = useTranslation();
  const register = useRegisterSensors();
  const [file, setFile] = useState<FileState>({ state: 'none' });
  const inputId = useId();
  const hintId = `${inputId}-hint`;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    register.reset();
    if (!chosen) {
      setFile({ state: 'none' });
      return;
    }
    setFile({ state: 'reading' });
    const text = await chosen.text();
    const read = readSensorFile(chosen.name, text);
    setFile(
      read.ok
        ? { state: 'ready', name: chosen.name, sensors: read.sensors }
        : { state: 'refused', name: chosen.name, json: read.json, problems: read.problems },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file.state === 'ready') register.mutate(file.sensors);
  };

  return (
    <form noValidate onSubmit={submit} data-testid="import-sensors-form" className="space-y-4">
      <div>
        <label htmlFor={inputId} className={labelClass}>
          {t('sensors.register.fileLabel')}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          data-testid="import-sensors-file"
          aria-describedby={hintId}
          disabled={register.isPending}
          onChange={(event) => void choose(event)}
          className={`${inputClass} border-slate-300 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-slate-800 dark:border-slate-600 dark:file:bg-slate-700 dark:file:text-slate-100`}
        />
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('sensors.register.fileHint')}{' '}
          <code translate="no" className="font-mono break-all">
            {SENSOR_CSV_COLUMNS.join(',')}
          </code>
        </p>
      </div>
      {file.state === 'reading' ? (
        <p
          role="status"
          className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400"
        >
          <StatusIcon status="loading" />
          {t('sensors.register.reading')}
        </p>
      ) : null}
      {file.state === 'refused' ? (
        <InlineAlert
          tone="error"
          title={t('sensors.register.problemsTitle')}
          testId="import-sensors-problems"
        >
          <ul className="list-disc space-y-0.5 pl-4">
            {file.problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
              <li key={index}>
                <ProblemText problem={problem} json={file.json} />
              </li>
            ))}
          </ul>
          {file.problems.length > PROBLEMS_SHOWN ? (
            <p className="mt-1">
              {t('sensors.register.moreProblems', { count: file.problems.length - PROBLEMS_SHOWN })}
            </p>
          ) : null}
        </InlineAlert>
      ) : null}
      {file.state === 'ready' && !register.data && !register.error ? (
        <p
          role="status"
          className="text-sm text-slate-700 dark:text-slate-300"
          data-testid="import-sensors-ready"
        >
          {t('sensors.register.fileReady', { count: file.sensors.length, file: file.name })}
        </p>
      ) : null}
      <RegistrationResult outcome={register.data} error={register.error} />
      <button
        type="submit"
        data-testid="import-sensors-submit"
        disabled={file.state !== 'ready' || register.isPending}
        aria-busy={register.isPending || undefined}
        className={primaryButton}
      >
        {register.isPending ? <StatusIcon status="loading" /> : <Icon name="upload" size={18} />}
        {register.isPending
          ? t('sensors.register.sending')
          : file.state === 'ready'
            ? t('sensors.register.submitFile', { count: file.sensors.length })
            : t('sensors.register.submitNoFile')}
      </button>
    </form>
  );
}
