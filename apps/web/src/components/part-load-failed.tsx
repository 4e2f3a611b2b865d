import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../lib/chunk-load';
import { en } from '../lib/i18n/en';
import { reloadPage } from '../lib/reload-page';
import { secondaryButton } from './button-styles';
import type { ErrorFallbackProps } from './error-boundary';
import { SvgIcon } from './svg-icon';
import { InlineAlert } from './inline-alert';

type PartName = keyof typeof en.parts.names;

function isPartName(name: string): name is PartName {
  return Object.hasOwn(en.parts.names, name);
}

/**
 * What a part of a screen shows when its code did not arrive, or it failed to draw. A failed
 * import stays cached, so retrying in place cannot help: the way forward is a reload, which also
 * picks up a new build.
 */
export function PartLoadFailed({ error }: ErrorFallbackProps) {
  const { t } = useTranslation();
  const message =
    isChunkLoadError(error) && isPartName(error.chunkName)
      ? t('parts.loadFailed', { part: t(`parts.names.${error.chunkName}`) })
      : t('parts.failed');
  return (
    <div className="space-y-3" data-testid="part-load-failed">
      <InlineAlert tone="error">{message}</InlineAlert>
      <button type="button" className={secondaryButton} onClick={reloadPage}>
        <SvgIcon icon={RotateCw} size={16} />
        {t('errors.reloadPage')}
      </button>
    </div>
  );
}
