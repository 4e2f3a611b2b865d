import { maintenanceWindowListSchema, maintenanceWindowSchema } from '@smart-city/shared';
import type { CityKey, MaintenanceWindowCreate } from '@smart-city/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../lib/api-client';

/** GET lists a city's windows, POST schedules one; DELETE on a window's own address ends it. */
const MAINTENANCE_WINDOWS_PATH = '/api/maintenance-windows';

const MAINTENANCE_WINDOWS_QUERY_KEY = ['admin', 'maintenance-windows'] as const;

function maintenanceWindowsQueryOptions(city: CityKey) {
  return queryOptions({
    queryKey: [...MAINTENANCE_WINDOWS_QUERY_KEY, city] as const,
    queryFn: ({ signal }) =>
      apiGet(
        `${MAINTENANCE_WINDOWS_PATH}?city=${encodeURIComponent(city)}`,
        maintenanceWindowListSchema,
        signal,
      ),
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
    mutationFn: async (body: MaintenanceWindowCreate) =>
      maintenanceWindowSchema.parse(await apiPost(MAINTENANCE_WINDOWS_PATH, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MAINTENANCE_WINDOWS_QUERY_KEY }),
  });
}

/** DELETE /api/maintenance-windows/:id: alerts of its sensors are shown again from now on. */
export function useEndMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`${MAINTENANCE_WINDOWS_PATH}/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MAINTENANCE_WINDOWS_QUERY_KEY }),
  });
}
