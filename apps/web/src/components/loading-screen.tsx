import { useTranslation } from 'react-i18next';

/** The fallback while a screen's code or the session is on its way: a spinner and 'Loading...'. */
export function LoadingScreen({ fullHeight = false }: { fullHeight?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex flex-col items-center justify-center gap-3 p-8 text-slate-600 dark:text-slate-300 ${
        fullHeight ? 'min-h-dvh' : 'min-h-64'
      }`}
    >
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-2 border-slate-300 border-t-sky-500 motion-reduce:animate-none dark:border-slate-700 dark:border-t-sky-400"
      />
      <p className="text-sm font-medium">{t('app.loading')}</p>
    </div>
  );
}
