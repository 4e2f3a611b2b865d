import {
  OPEN_DATA_ANONYMOUS_LIMIT,
  OPEN_DATA_DEFAULT_PAGE,
  OPEN_DATA_MAX_PAGE,
} from '@smart-city/shared';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCity } from '../../lib/city/city-context';
import { OPEN_DATA_NAMESPACES } from '../../lib/i18n/open-data-namespace';
import { cardClass } from './api-endpoint';
import { CodeBlock } from './code-example';
import { pagingExamples, RULE_EXAMPLES } from './open-data-addresses';

const textClass = 'mt-2 text-sm text-slate-600 dark:text-slate-400';

function RuleCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className={`${cardClass} h-full`}>
      <h3 id={headingId} className="text-base font-semibold text-slate-900 dark:text-white">
        {title}
      </h3>
      {children}
    </article>
  );
}

/**
 * What every client should know: the rate limits and their headers, the answers' versions for
 * caching, and how lists are paged, in JSON and in CSV.
 */
export function ApiRules() {
  const { t } = useTranslation(OPEN_DATA_NAMESPACES);
  const { cityKey } = useCity();
  const paging = pagingExamples(cityKey);
  return (
    <section aria-labelledby="open-data-rules" className="mt-12">
      <h2 id="open-data-rules" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t('openData.rules.title')}
      </h2>
      <ul className="mt-5 grid gap-4 lg:grid-cols-3">
        <li className="min-w-0">
          <RuleCard title={t('openData.rules.limitsTitle')}>
            <p className={textClass} data-testid="open-data-anonymous-limit">
              {t('openData.rules.anonymous', { limit: OPEN_DATA_ANONYMOUS_LIMIT })}
            </p>
            <p className={textClass}>{t('openData.rules.keys')}</p>
            <CodeBlock>{RULE_EXAMPLES.key}</CodeBlock>
            <p className={textClass}>{t('openData.rules.headers')}</p>
            <CodeBlock>{RULE_EXAMPLES.rateHeaders}</CodeBlock>
            <p className={textClass}>{t('openData.rules.tooMany')}</p>
            <CodeBlock>{RULE_EXAMPLES.tooMany}</CodeBlock>
          </RuleCard>
        </li>
        <li className="min-w-0">
          <RuleCard title={t('openData.rules.cachingTitle')}>
            <p className={textClass}>{t('openData.rules.caching')}</p>
            <CodeBlock>{RULE_EXAMPLES.caching}</CodeBlock>
          </RuleCard>
        </li>
        <li className="min-w-0">
          <RuleCard title={t('openData.rules.pagingTitle')}>
            <p className={textClass}>
              {t('openData.rules.paging', {
                default: OPEN_DATA_DEFAULT_PAGE,
                max: OPEN_DATA_MAX_PAGE,
              })}
            </p>
            <CodeBlock>{paging.json}</CodeBlock>
            <p className={textClass}>{t('openData.rules.csvPaging')}</p>
            <CodeBlock>{paging.csv}</CodeBlock>
          </RuleCard>
        </li>
      </ul>
    </section>
  );
}
