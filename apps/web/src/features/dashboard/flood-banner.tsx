import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SeverityIcon } from '../../components/alert-badges';
import { focusRing } from '../../components/button-styles';
import { alertGroupWords } from '../../lib/alert-groups/alert-group-words';
import { useFloodingGroup } from '../../lib/alert-groups/alert-groups-query';
import { useCity } from '../../lib/city/city-context';
import { WALL_NAMESPACES } from '../../lib/i18n/wall-namespace';
import { alertGroupPath } from '../../lib/paths';

/**
 * "Alarm flood: 412 air quality sensors over their limits", while the city is in flood (an alert
 * joined one of its groups within the flood window), with a link to the group. It says so in words
 * and with an icon, not by colour alone, and is announced politely as it appears. `large` is the
 * wall screen's size, read across a room.
 */
export function FloodBanner({
  large = false,
  className = '',
}: {
  large?: boolean;
  /** Room around it, kept only while it shows. */
  className?: string;
}) {
  const { t, i18n } = useTranslation(WALL_NAMESPACES);
  const { cityKey } = useCity();
  const group = useFloodingGroup(cityKey);
  return (
    // The live region stays mounted, so a banner that appears in it is announced.
    <div role="status" data-testid="flood-banner-region" className={`empty:hidden ${className}`}>
      {group ? (
        <div
          data-testid="flood-banner"
          data-group-id={group.id}
          className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-red-300 bg-red-50 font-semibold text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100 ${
            large ? 'px-5 py-3 text-2xl' : 'px-4 py-3 text-sm sm:text-base'
          }`}
        >
          <SeverityIcon severity={group.severity} size={large ? 28 : 20} />
          <span className="min-w-0 flex-1">
            {t('alertGroups.banner', { words: alertGroupWords(group, i18n.t, i18n.language) })}
          </span>
          <Link
            to={alertGroupPath(group.id)}
            data-testid="flood-banner-link"
            className={`rounded-md underline underline-offset-2 hover:no-underline ${focusRing}`}
          >
            {t('alertGroups.bannerLink')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
