import { DEVICE_KEY_ENDPOINTS } from '@smart-city/shared';
import type { DeviceKeyCreate } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { DEVICE_KEYS_QUERY_KEY } from './device-keys-query';

/**
 * POST /api/device-keys. The answer carries the secret this once: the screen shows it from the
 * mutation's own result and never puts it in the cached list.
 */
export function useCreateDeviceKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceKeyCreate) => request(DEVICE_KEY_ENDPOINTS.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEVICE_KEYS_QUERY_KEY }),
  });
}
