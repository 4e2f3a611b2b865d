import { useTranslation } from 'react-i18next';
import { ChunkLoadScreen } from '../components/chunk-load-screen';
import type { ErrorFallbackProps } from '../components/error-boundary';
import { ErrorScreen } from '../components/error-screen';
import { isChunkLoadError } from '../lib/chunk-load';
import type { en } from '../lib/i18n/en';
import type { enSignedIn } from '../lib/i18n/en-signed-in';

/**
 * A screen named by its title's key: the public pages' titles are in the main texts, the signed-in
 * screens' in theirs, which are loaded by the time one of those screens is opened.
 */
export type ScreenName = keyof typeof en.screens | keyof typeof enSignedIn.screens;

/** What a failed screen shows: the chunk screen for a failed download, else the generic error. */
export function ScreenErrorFallback({ error, reset }: ErrorFallbackProps) {
  const { t, i18n } = useTranslation();
  if (isChunkLoadError(error)) {
    const key = `screens.${error.chunkName}.title`;
    const title = i18n.exists(key) ? t(key as `screens.${ScreenName}.title`) : error.chunkName;
    return <ChunkLoadScreen screenTitle={title} />;
  }
  return <ErrorScreen onTryAgain={reset} />;
}
