import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ACCOUNT_ADDRESSES } from '@smart-city/shared';
import { requestAt } from '../../lib/api-client';
import { ACCOUNT_SESSIONS_QUERY_KEY } from '../../lib/auth/account-query-key';

/** better-auth's list-sessions: the account's sessions that have not ended. */
const sessionListSchema = z.array(
  z.object({
    id: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    expiresAt: z.string(),
    ipAddress: z.string().nullish(),
    userAgent: z.string().nullish(),
  }),
);

export type AccountSession = z.infer<typeof sessionListSchema>[number];

const sessionsQueryOptions = queryOptions({
  queryKey: ACCOUNT_SESSIONS_QUERY_KEY,
  queryFn: async ({ signal }) => {
    const sessions = await requestAt(
      ACCOUNT_ADDRESSES.listSessions,
      {},
      { signal, check: sessionListSchema },
    );
    // Newest sign-in first.
    return sessions.toSorted((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  },
});

export function useAccountSessions() {
  return useQuery(sessionsQueryOptions);
}
