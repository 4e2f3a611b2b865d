import { DEVICE_KEY_ENDPOINTS } from '@smart-city/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';

export const DEVICE_KEYS_QUERY_KEY = ['admin', 'device-keys'] as const;

const deviceKeysQueryOptions = queryOptions({
  queryKey: DEVICE_KEYS_QUERY_KEY,
  queryFn: ({ signal }) => request(DEVICE_KEY_ENDPOINTS.list, {}, { signal }),
});

/** The device keys in use, without their secrets. */
export function useDeviceKeys() {
  return useQuery(deviceKeysQueryOptions);
}
