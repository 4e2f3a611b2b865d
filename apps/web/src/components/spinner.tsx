import { useTranslation } from 'react-i18next';

/** A spinning ring announced as 'Loading...' to screen readers. */
export function Spinner({ size = 24, className = '' }: { size?: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={`inline-flex items-center ${className}`}>
      <span
        aria-hidden="true"
        style={{ width: size, height: size }}
        className="animate-spin rounded-full border-2 border-slate-300 border-t-sky-500 motion-reduce:animate-none dark:border-slate-700 dark:border-t-sky-400"
      />
      <span className="sr-only">{t('app.loading')}</span>
    </span>
  );
}
