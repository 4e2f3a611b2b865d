import { MAINTENANCE_WINDOW_ENDPOINTS } from '@smart-city/shared';
import type { CityKey, MaintenanceWindowCreate } from '@smart-city/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-client';

const MAINTENANCE_WINDOWS_QUERY_KEY = ['admin', 'maintenance-windows'] as const;

function maintenanceWindowsQueryOptions(city: CityKey) {
  return queryOptions({
    queryKey: [...MAINTENANCE_WINDOWS_QUERY_KEY, city] as const,
    queryFn: ({ signal }) =>
      request(MAINTENANCE_WINDOW_ENDPOINTS.list, { query: { city } }, { signal }),
  });
}

/** The city's current and upcoming windows, then those ended in the last week. */
export function useMaintenanceWindows(city: CityKey) {
  return useQuery(maintenanceWindowsQueryOptions(city));
}

/** POST /api/maintenance-windows; the list is read again so its order stays the server's. */
export function useScheduleMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenanceWindowCreate) =>
      request(MAINTENANCE_WINDOW_ENDPOINTS.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MAINTENANCE_WINDOWS_QUERY_KEY }),
  });
}

/** DELETE /api/maintenance-windows/:id: alerts of its sensors are shown again from now on. */
export function useEndMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(MAINTENANCE_WINDOW_ENDPOINTS.end, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MAINTENANCE_WINDOWS_QUERY_KEY }),
  });
}
