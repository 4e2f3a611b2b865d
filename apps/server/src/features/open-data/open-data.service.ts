import {
  CITY_AREAS,
  CITY_COUNTRIES,
  OPEN_DATA_HISTORY_MAX_DAYS,
  POLLUTANT_UNITS,
  type AirQuality,
  type AreaKey,
  type CityKey,
  type OpenCity,
  type OpenHistory,
  type OpenLatestValue,
  openSensorSchema,
  type OpenSensor,
  type Sensor,
  type SensorCounts,
  type SensorType,
} from '@smart-city/shared';
import { Invalid } from '../../lib/domain-errors';
import { buildCatalog } from './catalog';
import { standardOfCity, type AirQualityService } from '../air-quality/air-quality.service';
import type { CitiesService } from '../cities/cities.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { NoticesService } from '../notices/notices.service';
import type { ReadingsService } from '../readings/readings.service';
import type { SensorsService } from '../sensors/sensors.service';

const DAY_MS = 86_400_000;

/** A sensor as open data shows it: the contract's public fields, none of its internal ones. */
function openSensor(s: Sensor): OpenSensor {
  return openSensorSchema.parse(s);
}

export type OpenDataService = ReturnType<typeof createOpenDataService>;

/**
 * The city's open data, made from the services that hold it: every answer has only what anyone
 * may read (no person's name, no staff-only field, no internal id beyond a sensor's public one).
 */
export function createOpenDataService(deps: {
  cities: Pick<CitiesService, 'list'>;
  sensors: Pick<SensorsService, 'page' | 'pageWithFigures' | 'get' | 'countByCity' | 'counts'>;
  readings: Pick<ReadingsService, 'periods' | 'earliestDay'>;
  notices: Pick<NoticesService, 'latest'>;
  ledger: Pick<LedgerService, 'checkpoints'>;
  airQuality: Pick<AirQualityService, 'index'>;
  /** The site's public address: the catalogue's identifiers start with it. */
  appUrl: () => string;
  /** The address the city's mail comes from (SMTP_FROM): the catalogue's contact point. */
  contactEmail: string;
  version: string;
  now: () => Date;
}) {
  const cities = async (): Promise<OpenCity[]> => {
    const [list, counts] = await Promise.all([deps.cities.list(), deps.sensors.countByCity()]);
    const sensorsOf = new Map(counts.map((c) => [c.city_key, c.total_sensors]));
    return list.map((city) => {
      const standard = standardOfCity(city.key);
      return {
        key: city.key,
        name: city.name,
        country: CITY_COUNTRIES[city.key],
        timeZone: city.timeZone,
        center: city.center,
        bounds: city.bounds,
        airQualityStandard: standard,
        pollutantUnits: POLLUTANT_UNITS[standard],
        areas: CITY_AREAS[city.key].map((a) => ({
          key: a.key,
          name: a.name,
          lat: a.lat,
          lng: a.lng,
          radiusKm: a.radiusKm,
        })),
        sensorCount: Number(sensorsOf.get(city.key) ?? 0),
      };
    });
  };

  return {
    cities,

    /** The DCAT-AP catalogue of every dataset, with the site's address in each identifier. */
    async catalog(): Promise<Record<string, unknown>> {
      const [list, earliestReading] = await Promise.all([cities(), deps.readings.earliestDay()]);
      const byType = await Promise.all(
        list.map(async (city): Promise<[string, SensorCounts['byType']]> => [
          city.key,
          (await deps.sensors.counts({ city: city.key })).byType,
        ]),
      );
      const baseUrl = deps.appUrl();
      return buildCatalog({
        baseUrl,
        cities: list,
        sensorsByCityAndType: Object.fromEntries(byType),
        earliestReading,
        modified: deps.now(),
        publisher: { name: 'Smart City', email: deps.contactEmail, homepage: baseUrl },
        version: deps.version,
      });
    },

    async sensors(city: CityKey, query: { type?: SensorType; limit: number; cursor?: string }) {
      const page = await deps.sensors.page(
        { city, type: query.type },
        { sort: 'id', limit: query.limit, cursor: query.cursor },
      );
      return { items: page.items.map(openSensor), nextCursor: page.nextCursor, total: page.total };
    },

    async latest(city: CityKey, query: { type?: SensorType; limit: number; cursor?: string }) {
      const page = await deps.sensors.pageWithFigures(
        { city, type: query.type },
        { limit: query.limit, cursor: query.cursor },
      );
      const items: OpenLatestValue[] = page.items.map(({ sensor, figures }) => ({
        sensorId: sensor.id,
        type: sensor.type,
        status: sensor.status,
        value: sensor.value,
        unit: sensor.unit,
        at: sensor.lastReading,
        metrics: figures,
      }));
      return { city, items, nextCursor: page.nextCursor, total: page.total };
    },

    /**
     * A sensor's hours or days between `from` and `to` (by default the last day of hours or the
     * last month of days), at most OPEN_DATA_HISTORY_MAX_DAYS long.
     */
    async history(
      sensorId: string,
      query: { resolution: 'hour' | 'day'; from?: string; to?: string },
    ): Promise<OpenHistory> {
      const to = query.to ? new Date(query.to) : deps.now();
      const span = (query.resolution === 'hour' ? 1 : 30) * DAY_MS;
      const from = query.from ? new Date(query.from) : new Date(to.getTime() - span);
      if (from >= to) throw new Invalid('`from` must be before `to`');
      const maxDays = OPEN_DATA_HISTORY_MAX_DAYS[query.resolution];
      if (to.getTime() - from.getTime() > maxDays * DAY_MS)
        throw new Invalid(`At most ${maxDays} days of ${query.resolution}s in one request`);
      const sensor = await deps.sensors.get(sensorId);
      const periods = await deps.readings.periods(sensorId, query.resolution, from, to);
      return {
        sensorId,
        unit: sensor.unit,
        resolution: query.resolution,
        from: from.toISOString(),
        to: to.toISOString(),
        points: periods.map((p) => ({
          start: p.bucket.toISOString(),
          mean: p.avg,
          min: p.min,
          max: p.max,
          count: p.count,
        })),
      };
    },

    airQuality(city: CityKey, area?: AreaKey): Promise<AirQuality> {
      return deps.airQuality.index(city, area ?? null);
    },

    async notices(limit: number) {
      const notices = await deps.notices.latest(limit);
      return notices.map((n) => ({
        id: n.id,
        title: n.title,
        content: n.content,
        linkUrl: n.linkUrl,
        publishedAt: n.createdAt,
      }));
    },

    checkpoints(limit: number) {
      return deps.ledger.checkpoints(limit);
    },
  };
}
