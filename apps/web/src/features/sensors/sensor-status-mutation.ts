import { SENSOR_ENDPOINTS } from '@smart-city/shared';
import type { CityKey, Sensor, SensorStatus } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { request, userFacingMessage } from '../../lib/api-client';
import { sensorQueryKey } from '../../lib/sensors/sensor-query';
import { patchSensorLists, refreshSensorAggregates } from '../../lib/sensors/sensor-cache';

export interface SensorStatusChange {
  id: string;
  status: SensorStatus;
}

/**
 * Changes a sensor's status (operators and admins). On success the cached lists and the
 * cached sensor take the server's answer at once, and the counts and map marks are asked for again;
 * other tabs learn of it through `sensor:updated`.
 */
export function useUpdateSensorStatus(city: CityKey, onSaved?: (sensor: Sensor) => void) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ id, status }: SensorStatusChange) =>
      request(SENSOR_ENDPOINTS.update, { params: { id }, body: { status } }),
    onSuccess: (sensor) => {
      patchSensorLists(
        queryClient,
        city,
        (existing) => (existing.id === sensor.id ? sensor : existing),
        { statusChanged: true },
      );
      queryClient.setQueryData(sensorQueryKey(sensor.id), sensor);
      refreshSensorAggregates(queryClient, city);
      onSaved?.(sensor);
      toast.success(
        sensor.status === 'maintenance'
          ? t('sensors.detail.inMaintenance', { name: sensor.name })
          : t('sensors.detail.backInService', { name: sensor.name }),
      );
    },
    onError: (error) => {
      console.warn('Changing the sensor status failed', error);
      toast.error(userFacingMessage(error) ?? t('sensors.detail.statusFailed'));
    },
  });
}
