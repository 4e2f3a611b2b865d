import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-states';

/** Grey bars in the shape of a card's content, announced as 'Loading...'. */
export function CardSkeleton({ lines = 3, testId }: { lines?: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid={testId} className="space-y-3">
      {Array.from({ length: lines }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className={`h-4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800 ${
            index === 0 ? 'w-2/3' : index % 2 === 0 ? 'w-1/2' : 'w-5/6'
          }`}
        />
      ))}
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}

/**
 * A card's part that reads one query: its skeleton until the first answer, the error with Retry
 * when there is nothing to show, else `children` from the data (kept on screen if a later
 * refetch fails).
 */
export function CardQuery<T>({
  query,
  lines = 3,
  errorMessage,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'isFetching' | 'refetch'>;
  lines?: number;
  errorMessage: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <QueryError
        message={errorMessage}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <CardSkeleton lines={lines} />;
}
