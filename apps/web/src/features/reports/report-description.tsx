import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonsWords } from '../../components/persons-words';
import { REPORTS_NAMESPACES } from '../../lib/i18n/reports-namespace';

/**
 * What the resident wrote, under its heading, as they wrote it (their line breaks kept, their
 * words marked as theirs for translation tools): on the report's page and in the operators' panel.
 */
export function ReportDescription({
  text,
  testId,
  size = 'base',
}: {
  text: string;
  testId: string;
  /** The panel beside the queue reads it smaller than the report's own page. */
  size?: 'base' | 'sm';
}) {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-lg font-semibold text-slate-900 dark:text-white">
        {t('reports.detail.description')}
      </h2>
      <p
        data-testid={testId}
        className={`${size === 'sm' ? 'text-sm' : 'text-base'} leading-relaxed break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200`}
      >
        <PersonsWords>{text}</PersonsWords>
      </p>
    </section>
  );
}
