import { useTranslation } from 'react-i18next';
import { InlineAlert } from '../../components/inline-alert';
import { CardSkeleton } from './card-states';

/** What a live card shows before its city's live data is there. */
export function LiveWaiting({
  readiness,
  lines = 3,
}: {
  readiness: 'loading' | 'unavailable';
  lines?: number;
}) {
  const { t } = useTranslation();
  if (readiness === 'loading') return <CardSkeleton lines={lines} />;
  return <InlineAlert tone="info">{t('dashboard.waiting')}</InlineAlert>;
}
