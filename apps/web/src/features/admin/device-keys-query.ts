import { deviceKeyListSchema } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

/** GET lists the keys in use, POST makes one; DELETE on a key's own address revokes it. */
export const DEVICE_KEYS_PATH = '/api/device-keys';

export const DEVICE_KEYS_QUERY_KEY = ['admin', 'device-keys'] as const;

export function deviceKeyPath(id: string): string {
  return `${DEVICE_KEYS_PATH}/${encodeURIComponent(id)}`;
}

const deviceKeysQueryOptions = queryOptions({
  queryKey: DEVICE_KEYS_QUERY_KEY,
  queryFn: ({ signal }) => apiGet(DEVICE_KEYS_PATH, deviceKeyListSchema, signal),
});

/** The device keys in use, without their secrets. */
export function useDeviceKeys() {
  return useQuery(deviceKeysQueryOptions);
}
