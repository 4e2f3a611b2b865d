import type { DeviceKey } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api-client';
import { deviceKeyPath, DEVICE_KEYS_QUERY_KEY } from './device-keys-query';

/** DELETE /api/device-keys/:id: readings sent with the key are refused from then on. */
export function useRevokeDeviceKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(deviceKeyPath(id)),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<DeviceKey[]>(DEVICE_KEYS_QUERY_KEY, (keys) =>
        keys?.filter((key) => key.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: DEVICE_KEYS_QUERY_KEY });
    },
  });
}
