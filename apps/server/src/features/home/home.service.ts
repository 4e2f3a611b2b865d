import {
  aqiBand,
  congestionLevel,
  findArea,
  HOME_ALERT_KINDS,
  HOME_LIMITS,
  type AlertSeverity,
  type CityKey,
  type HomeSummary,
} from '@smart-city/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { EmergencyService } from '../emergency/emergency.service';
import type { NoticesService } from '../notices/notices.service';
import type { ProfileService } from '../profile/profile.service';
import {
  activeAlertsNear,
  airFigures,
  busiestPlaces,
  supplyFigures,
  type Circle,
} from './home.repository';

type HomeKind = HomeSummary['alerts']['items'][number]['kind'];

function kindOf(type: string): HomeKind | null {
  return (HOME_ALERT_KINDS as readonly string[]).includes(type) ? (type as HomeKind) : null;
}

export type HomeService = ReturnType<typeof createHomeService>;

/**
 * What affects a person now, for the panel a citizen's dashboard leads with: the air, the water
 * supply and the traffic of their area (or of their city when they have no area there, or no
 * sensor of the kind stands in it), the alerts near them, the newest notices and the numbers to
 * call.
 */
export function createHomeService(deps: {
  db: Kysely<Database>;
  profiles: Pick<ProfileService, 'get'>;
  notices: Pick<NoticesService, 'latest'>;
  emergency: Pick<EmergencyService, 'catalogue'>;
  analytics: Pick<AnalyticsService, 'figureNow'>;
  now: () => Date;
}) {
  const { db } = deps;
  return {
    async summary(city: CityKey, userId: string): Promise<HomeSummary> {
      const profile = await deps.profiles.get(userId);
      const found = profile?.area ? findArea(profile.area) : undefined;
      const area = found?.city === city ? found : null;
      const circle: Circle | null = area;

      const [areaAir, cityAir, supply, areaTraffic, alerts, notices] = await Promise.all([
        airFigures(db, city, circle),
        // The city's air is the dashboard card's figure, asked of the one function that makes it.
        deps.analytics.figureNow(city, 'air_quality'),
        supplyFigures(db, city, circle),
        circle ? busiestPlaces(db, city, circle, HOME_LIMITS.hotSpots) : null,
        activeAlertsNear(db, city, circle, HOME_LIMITS.alerts),
        deps.notices.latest(HOME_LIMITS.notices),
      ]);
      // A part falls back to the city when the area has nothing of its kind to say.
      const airScope = areaAir.sensors > 0 ? 'area' : 'city';
      const airNow =
        airScope === 'area' ? areaAir : { mean: cityAir.value, sensors: cityAir.sensors };
      const aqi = airNow.mean === null ? null : Math.max(0, Math.round(airNow.mean));
      const waterScope = supply.area.meters > 0 ? 'area' : 'city';
      const traffic =
        areaTraffic && areaTraffic.places > 0
          ? { scope: 'area' as const, ...areaTraffic }
          : {
              scope: 'city' as const,
              ...(await busiestPlaces(db, city, null, HOME_LIMITS.hotSpots)),
            };

      return {
        city,
        area: area ? { key: area.key, name: area.name } : null,
        generatedAt: deps.now().toISOString(),
        air: {
          scope: airScope,
          aqi,
          band: aqi === null ? null : aqiBand(aqi).band,
          sensors: airNow.sensors,
        },
        water: { scope: waterScope, ...supply[waterScope] },
        traffic: {
          scope: traffic.scope,
          junctions: traffic.places,
          hotSpots: traffic.busiest.map(({ place, congestion }) => {
            const percent = Math.min(100, Math.max(0, Math.round(congestion)));
            return { place, congestion: percent, level: congestionLevel(percent) };
          }),
        },
        alerts: {
          scope: circle ? 'area' : 'city',
          total: circle ? alerts.near : alerts.city,
          cityTotal: alerts.city,
          items: alerts.items.flatMap((row) => {
            const kind = kindOf(row.type);
            return kind
              ? [
                  {
                    kind,
                    severity: row.severity as AlertSeverity,
                    place: row.place,
                    since: row.since.toISOString(),
                    value: row.value,
                  },
                ]
              : [];
          }),
        },
        notices: notices.map((n) => ({ id: n.id, title: n.title, publishedAt: n.createdAt })),
        emergencyNumbers: [...deps.emergency.catalogue(city).emergencyNumbers],
      };
    },
  };
}
