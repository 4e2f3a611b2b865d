import type { CityKey, CityTwin } from '@smart-city/shared';
import type { AlertsService } from '../alerts/alerts.service';
import type { SensorsService } from '../sensors/sensors.service';

export type CityTwinService = ReturnType<typeof createCityTwinService>;

/** What the 3D twin of a city draws, read through the sensors and alerts features. */
export function createCityTwinService(deps: {
  sensors: Pick<SensorsService, 'twinColumns'>;
  alerts: Pick<AlertsService, 'activeOfCity'>;
}) {
  return {
    /** Every sensor of the city as columns, and its open and acknowledged alerts. */
    async twin(city: CityKey): Promise<CityTwin> {
      const [sensors, activeAlerts] = await Promise.all([
        deps.sensors.twinColumns(city),
        deps.alerts.activeOfCity(city),
      ]);
      return { city, sensors, activeAlerts };
    },
  };
}
