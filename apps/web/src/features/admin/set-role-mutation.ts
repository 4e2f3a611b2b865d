import { ACCOUNT_ADDRESSES } from '@smart-city/shared';
import type { Role } from '@smart-city/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestAt } from '../../lib/api-client';
import { ACCOUNTS_QUERY_KEY } from './accounts-query';

export interface RoleChange {
  userId: string;
  role: Role;
}

/**
 * Gives one account a role (better-auth's admin plugin; the profile follows on the server). On
 * success every page of accounts is asked for again.
 */
export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, role }: RoleChange) => {
      await requestAt(ACCOUNT_ADDRESSES.setRole, { body: { userId, role } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_QUERY_KEY }),
  });
}
