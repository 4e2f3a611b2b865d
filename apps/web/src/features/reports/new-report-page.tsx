import {
  REPORT_ADDRESS_MAX_LENGTH,
  REPORT_DESCRIPTION_MAX_LENGTH,
  REPORT_DESCRIPTION_MIN_LENGTH,
} from '@smart-city/shared';
import type { CityKey, ReportCategory } from '@smart-city/shared';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TextAreaField, TextField } from '../../components/form-field';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { InlineAlert } from '../../components/inline-alert';
import { PageHeader } from '../../components/page-header';
import { READING_WIDTH } from '../../components/page-width';
import { Icon } from '../../components/icon';
import { ApiRequestError, serverWordsShown, userFacingMessage } from '../../lib/api-client';
import { useCity } from '../../lib/city/city-context';
import { PATHS, reportPath } from '../../lib/paths';
import { SIGNED_IN_REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';
import { CategoryHandling } from './category-handling';
import { CategoryPicker } from './category-picker';
import { useCreateReport } from './create-report-mutation';
import { useFollowReport } from './follow-report-mutation';
import { NearbyReports } from './nearby-reports';
import { useNearbyReports } from './nearby-reports-query';
import { PhotoPicker } from './photo-picker';
import { PlacePicker } from './place-picker';
import { ReportCitySelect } from './report-city-select';
import { FIELD_IDS, fieldOfPath, firstField, inCity, roundedPoint } from './report-form';
import type { FieldErrors, ReportField } from './report-form';
import type { MapPoint } from './report-map-style';
import { usePhotoUploads } from './use-photo-uploads';

export { reportsLive as liveModule } from './reports.live';

function capitalised(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** What is said above the form: choose about the reports nearby first, or why it was not sent. */
type FormProblem =
  { kind: 'decide' } | { kind: 'refused'; message: string | null } | { kind: 'unsent' };

function focusField(field: ReportField | undefined) {
  if (field) document.getElementById(FIELD_IDS[field])?.focus();
}

/**
 * A resident reports a problem in the street, phone first: what it is, where (their location or
 * the map), what they see, and up to three photos. Before it is sent, open reports of the same
 * problem nearby are offered to add a voice to instead. Sent once however often it is tapped (an
 * Idempotency-Key), it opens the new report's page; each field the server refuses is said there.
 */
export function NewReportPage() {
  const { t } = useTranslation(SIGNED_IN_REPORTS_NAMESPACES);
  const navigate = useNavigate();
  const { cityKey, cities } = useCity();
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const [city, setCity] = useState<CityKey>(cityKey);
  const [point, setPoint] = useState<MapPoint | null>(null);
  const [cityChangedTo, setCityChangedTo] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [reportAnywayFor, setReportAnywayFor] = useState<string | null>(null);
  const photos = usePhotoUploads();
  const createReport = useCreateReport();
  const followReport = useFollowReport();
  const nearbyHeading = useRef<HTMLHeadingElement>(null);

  const cityInfo = cities.find((candidate) => candidate.key === city) ?? null;
  const question = category && point ? { city, category, ...roundedPoint(point) } : null;
  const questionKey = question ? JSON.stringify(question) : null;
  const nearby = useNearbyReports(question);
  const duplicates =
    questionKey !== null && reportAnywayFor !== questionKey ? (nearby.data ?? []) : [];
  const outside = point && cityInfo && !inCity(cityInfo, point);

  const clearError = (field: ReportField) =>
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });

  const choosePoint = (next: MapPoint | null) => {
    setPoint(next);
    setCityChangedTo(null);
    clearError('place');
    if (!next || !cityInfo || inCity(cityInfo, next)) return;
    // A person standing in another of the cities means that one.
    const other = cities.find((candidate) => inCity(candidate, next));
    if (other) {
      setCity(other.key);
      setCityChangedTo(other.name);
    }
  };

  const addVoice = async (id: string) => {
    try {
      await followReport.mutateAsync(id);
      void navigate(reportPath(id));
    } catch {
      // Said beside the button (followReport.isError); the person may try again.
    }
  };

  const checkDraft = (): FieldErrors => {
    const found: FieldErrors = {};
    const text = description.trim();
    if (!category) found.category = t('newReport.categoryRequired');
    if (!point) found.place = t('newReport.placeRequired');
    if (text.length < REPORT_DESCRIPTION_MIN_LENGTH) {
      found.description = t('newReport.descriptionShort', { min: REPORT_DESCRIPTION_MIN_LENGTH });
    } else if (text.length > REPORT_DESCRIPTION_MAX_LENGTH) {
      found.description = t('newReport.descriptionLong', { max: REPORT_DESCRIPTION_MAX_LENGTH });
    }
    if (address.trim().length > REPORT_ADDRESS_MAX_LENGTH) {
      found.address = t('newReport.addressLong', { max: REPORT_ADDRESS_MAX_LENGTH });
    }
    if (photos.unsettled) found.photos = t('newReport.photosWaiting');
    return found;
  };

  /** What the server's refusal says, at the fields it names and above the form. */
  const showRefusal = (error: unknown) => {
    if (!(error instanceof ApiRequestError) || error.status >= 500 || error.status === 404) {
      setProblem({ kind: 'unsent' });
      return;
    }
    const named: FieldErrors = {};
    for (const issue of error.fieldIssues) {
      const field = fieldOfPath(issue.path);
      if (!field || named[field] !== undefined) continue;
      named[field] = serverWordsShown()
        ? capitalised(issue.message)
        : t('translation:errors.fieldRefused');
    }
    setErrors(named);
    setProblem({ kind: 'refused', message: firstField(named) ? null : userFacingMessage(error) });
    focusField(firstField(named));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const found = checkDraft();
    setErrors(found);
    if (firstField(found)) {
      focusField(firstField(found));
      return;
    }
    if (duplicates.length > 0) {
      setProblem({ kind: 'decide' });
      nearbyHeading.current?.focus();
      return;
    }
    if (!category || !point) return;
    const trimmedAddress = address.trim();
    try {
      const report = await createReport.mutateAsync({
        city,
        category,
        description: description.trim(),
        ...roundedPoint(point),
        ...(trimmedAddress ? { address: trimmedAddress } : {}),
        photoIds: photos.photoIds,
      });
      void navigate(reportPath(report.id));
    } catch (error) {
      showRefusal(error);
    }
  };

  return (
    <div className={READING_WIDTH}>
      <PageHeader title={t('signedIn:screens.newReport.title')} />
      <form
        noValidate
        data-testid="report-form"
        onSubmit={(event) => void submit(event)}
        className="space-y-7 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
      >
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('newReport.intro')}</p>
        {problem?.kind === 'decide' ? (
          <InlineAlert tone="warning" testId="report-form-error">
            {t('newReport.nearby.decideFirst')}
          </InlineAlert>
        ) : problem ? (
          <InlineAlert tone="error" title={t('newReport.refused')} testId="report-form-error">
            {problem.kind === 'unsent' ? t('newReport.sendFailed') : problem.message}
          </InlineAlert>
        ) : null}

        <CategoryPicker
          value={category}
          onChange={(next) => {
            setCategory(next);
            clearError('category');
          }}
          error={errors.category}
          below={category ? <CategoryHandling city={city} category={category} /> : null}
        />

        <ReportCitySelect
          value={city}
          error={errors.city}
          onChange={(next) => {
            setCity(next);
            setCityChangedTo(null);
            clearError('city');
          }}
        />

        <PlacePicker
          city={cityInfo}
          point={point}
          onChange={choosePoint}
          error={errors.place}
          note={
            cityChangedTo
              ? t('newReport.cityChanged', { city: cityChangedTo })
              : outside && cityInfo
                ? t('newReport.outsideCity', { city: cityInfo.name })
                : null
          }
        />

        {duplicates.length > 0 && questionKey ? (
          <NearbyReports
            reports={duplicates}
            addingTo={followReport.isPending ? followReport.variables : null}
            addFailed={followReport.isError}
            onAddVoice={(id) => void addVoice(id)}
            onReportAnyway={() => {
              setReportAnywayFor(questionKey);
              setProblem(null);
            }}
            headingRef={nearbyHeading}
          />
        ) : null}

        <TextAreaField
          id={FIELD_IDS.description}
          label={t('newReport.description')}
          rows={5}
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            clearError('description');
          }}
          hint={t('newReport.descriptionHint', {
            length: description.trim().length,
            max: REPORT_DESCRIPTION_MAX_LENGTH,
            min: REPORT_DESCRIPTION_MIN_LENGTH,
          })}
          error={errors.description}
        />

        <TextField
          id={FIELD_IDS.address}
          label={t('newReport.address')}
          autoComplete="street-address"
          value={address}
          onChange={(event) => {
            setAddress(event.target.value);
            clearError('address');
          }}
          hint={t('newReport.addressHint', { max: REPORT_ADDRESS_MAX_LENGTH })}
          error={errors.address}
        />

        <PhotoPicker
          photos={photos.photos}
          refusals={photos.refusals}
          error={errors.photos}
          onAdd={(files) => {
            clearError('photos');
            photos.add(files);
          }}
          onRemove={(key) => {
            clearError('photos');
            photos.remove(key);
          }}
          onRetry={photos.retry}
        />

        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Link to={PATHS.myReports} className={secondaryButton}>
            {t('newReport.cancel')}
          </Link>
          <button
            type="submit"
            data-testid="report-send"
            disabled={createReport.isPending}
            className={`${primaryButton} sm:ml-auto`}
          >
            <Icon name="send" size={18} />
            {createReport.isPending ? t('newReport.sending') : t('newReport.send')}
          </button>
        </div>
      </form>
    </div>
  );
}
