import { DEVICE_KEY_ENDPOINTS, type DeviceKey } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { DEVICE_KEYS_QUERY_KEY } from './device-keys-query';

/** DELETE /api/device-keys/:id: readings sent with the key are refused from then on. */
export function useRevokeDeviceKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(DEVICE_KEY_ENDPOINTS.revoke, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<DeviceKey[]>(DEVICE_KEYS_QUERY_KEY, (keys) =>
        keys?.filter((key) => key.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: DEVICE_KEYS_QUERY_KEY });
    },
  });
}
