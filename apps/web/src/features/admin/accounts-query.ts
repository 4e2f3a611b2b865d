import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ACCOUNT_ADDRESSES } from '@smart-city/shared';
import { requestAt } from '../../lib/api-client';

/** Accounts shown on one page of the People screen. */
export const ACCOUNTS_PAGE_SIZE = 20;

/** The fields an administrator may search accounts by (the plugin's own choice of two). */
export const ACCOUNT_SEARCH_FIELDS = ['name', 'email'] as const;
export type AccountSearchField = (typeof ACCOUNT_SEARCH_FIELDS)[number];

const accountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullish(),
  // Kept as written: an account the platform's three roles do not name is shown, not dropped.
  role: z.string().nullish(),
  banned: z.boolean().nullish(),
  createdAt: z.string(),
});

const accountPageSchema = z.object({ users: z.array(accountSchema), total: z.number() });

export type Account = z.infer<typeof accountSchema>;

export interface AccountsRequest {
  search: string;
  field: AccountSearchField;
  /** From 0. */
  page: number;
}

/** The root of every page of accounts, so a role change asks for them all again. */
export const ACCOUNTS_QUERY_KEY = ['admin', 'accounts'] as const;

/**
 * The query of better-auth's admin plugin: newest accounts first, searched on the server, a page
 * at a time, with the number that match.
 */
function accountsQuery({ search, field, page }: AccountsRequest) {
  const value = search.trim();
  return {
    limit: ACCOUNTS_PAGE_SIZE,
    offset: page * ACCOUNTS_PAGE_SIZE,
    sortBy: 'createdAt',
    sortDirection: 'desc',
    ...(value ? { searchValue: value, searchField: field, searchOperator: 'contains' } : {}),
  };
}

function accountsQueryOptions(request: AccountsRequest) {
  return queryOptions({
    queryKey: [...ACCOUNTS_QUERY_KEY, request] as const,
    queryFn: ({ signal }) =>
      requestAt(
        ACCOUNT_ADDRESSES.listAccounts,
        { query: accountsQuery(request) },
        { signal, check: accountPageSchema },
      ),
    // The page being left stays on screen until the next one arrives, so the list never jumps.
    placeholderData: keepPreviousData,
  });
}

export function useAccounts(request: AccountsRequest) {
  return useQuery(accountsQueryOptions(request));
}
