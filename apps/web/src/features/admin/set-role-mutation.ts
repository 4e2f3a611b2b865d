import type { Role } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { ACCOUNTS_QUERY_KEY } from './accounts-query';

/** better-auth's admin plugin: gives one account a role; the profile follows on the server. */
const SET_ROLE_PATH = '/api/auth/admin/set-role';

export interface RoleChange {
  userId: string;
  role: Role;
}

/** POST set-role; on success every page of accounts is asked for again. */
export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, role }: RoleChange) => {
      await apiPost(SET_ROLE_PATH, { userId, role });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY }),
  });
}
