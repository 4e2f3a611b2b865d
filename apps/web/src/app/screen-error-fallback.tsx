import { useTranslation } from 'react-i18next';
import { ChunkLoadScreen } from '../components/chunk-load-screen';
import type { ErrorFallbackProps } from '../components/error-boundary';
import { ErrorScreen } from '../components/error-screen';
import { isChunkLoadError } from '../lib/chunk-load';
import { en } from '../lib/i18n/en';

export type ScreenName = keyof typeof en.screens;

function isScreenName(name: string): name is ScreenName {
  return Object.hasOwn(en.screens, name);
}

/** What a failed screen shows: the chunk screen for a failed download, else the generic error. */
export function ScreenErrorFallback({ error, reset }: ErrorFallbackProps) {
  const { t } = useTranslation();
  if (isChunkLoadError(error)) {
    const title = isScreenName(error.chunkName)
      ? t(`screens.${error.chunkName}.title`)
      : error.chunkName;
    return <ChunkLoadScreen screenTitle={title} />;
  }
  return <ErrorScreen onTryAgain={reset} />;
}
