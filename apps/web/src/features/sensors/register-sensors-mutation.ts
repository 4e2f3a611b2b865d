import {
  MAX_SENSOR_REGISTRATION_BATCH,
  MAX_SENSOR_REGISTRATION_BODY_BYTES,
  SENSOR_ENDPOINTS,
} from '@smart-city/shared';
import type { SensorRegistration } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { SENSORS_QUERY_KEY } from '../../lib/sensors/sensors-query';
import { STATS_QUERY_KEY } from '../../lib/stats/stats-query';
import { batchesOf } from './sensor-file';

/** How a registration went: how many sensors were new of how many were sent. */
export type RegistrationOutcome = { added: number; total: number };

/**
 * A batch was refused or failed after earlier ones went through: those stay registered, and
 * sending the whole file again is safe (ids already there are kept), so the screen says both.
 */
export class RegistrationInterrupted extends Error {
  constructor(
    readonly reason: unknown,
    readonly added: number,
    readonly sent: number,
  ) {
    super('Registration interrupted');
    this.name = 'RegistrationInterrupted';
  }
}

/**
 * Registers sensors (admins) in batches the endpoint takes, one after another. Afterwards, whether
 * or not every batch went through, the sensor lists, counts and map marks and the dashboard counts
 * are asked for again.
 */
export function useRegisterSensors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sensors: readonly SensorRegistration[]): Promise<RegistrationOutcome> => {
      let added = 0;
      let sent = 0;
      for (const batch of batchesOf(
        sensors,
        MAX_SENSOR_REGISTRATION_BATCH,
        MAX_SENSOR_REGISTRATION_BODY_BYTES,
      )) {
        try {
          const answer = await request(SENSOR_ENDPOINTS.register, { body: { sensors: batch } });
          added += answer.added;
        } catch (err) {
          if (sent === 0) throw err;
          throw new RegistrationInterrupted(err, added, sent);
        }
        sent += batch.length;
      }
      return { added, total: sensors.length };
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SENSORS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: STATS_QUERY_KEY }),
      ]);
    },
  });
}
