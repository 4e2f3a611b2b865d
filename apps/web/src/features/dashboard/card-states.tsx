import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../components/button-styles';
import { Icon } from '../../components/icon';
import { InlineAlert } from '../../components/inline-alert';
import { reloadPage } from '../../lib/reload-page';

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
 * A part of the dashboard whose code did not download. A failed import stays cached, so retrying
 * in place cannot help: the way forward is a reload, which also picks up a new build.
 */
export function PartLoadFailed({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <InlineAlert tone="error">{message}</InlineAlert>
      <button type="button" className={secondaryButton} onClick={reloadPage}>
        <Icon name="retry" size={16} />
        {t('errors.reloadPage')}
      </button>
    </div>
  );
}
