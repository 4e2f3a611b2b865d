import { RotateCw } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from './button-styles';
import { SvgIcon } from './svg-icon';
import { InlineAlert } from './inline-alert';
import { Spinner } from './spinner';

/** A part of a screen waiting for its answer. */
function QueryLoading() {
  return (
    <div className="flex justify-center py-10">
      <Spinner />
    </div>
  );
}

/** A part of a screen whose request failed: what could not be loaded, and a Retry button. */
export function QueryError({
  message,
  onRetry,
  retrying = false,
  tone = 'error',
  testId,
}: {
  message: string;
  onRetry: () => void;
  /** Disables the button while the request is asked again. */
  retrying?: boolean;
  /** 'warning' when the screen still works without the answer (a filter's counts). */
  tone?: 'error' | 'warning';
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3" data-testid={testId}>
      <InlineAlert tone={tone}>{message}</InlineAlert>
      <button type="button" className={secondaryButton} disabled={retrying} onClick={onRetry}>
        <SvgIcon icon={RotateCw} size={16} />
        {t('app.retry')}
      </button>
    </div>
  );
}

/**
 * One request's part of a screen: a spinner while it is pending, the error with Retry when it
 * failed, else `children` drawn from its data.
 */
export function QueryContent<TData, TError>({
  query,
  errorMessage,
  errorTestId,
  children,
}: {
  query: UseQueryResult<TData, TError>;
  errorMessage: string;
  errorTestId?: string;
  children: (data: TData) => ReactNode;
}) {
  if (query.status === 'pending') return <QueryLoading />;
  if (query.status === 'error') {
    return (
      <QueryError
        message={errorMessage}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        testId={errorTestId}
      />
    );
  }
  return children(query.data);
}
