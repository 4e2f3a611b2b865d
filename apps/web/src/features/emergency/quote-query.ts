import { EMERGENCY_ENDPOINTS } from '@smart-city/shared';
import type { EmergencyServiceId, Quote, Urgency } from '@smart-city/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../lib/api-client';
import { EMERGENCY_KEY } from './emergency-keys';

export interface QuoteInput {
  service: EmergencyServiceId;
  urgency: Urgency;
  addOns: readonly string[];
  remote: boolean;
}

/** POST /api/emergency/quote: the fee the server would charge, line by line. */
async function fetchQuote(input: QuoteInput): Promise<Quote> {
  return request(EMERGENCY_ENDPOINTS.quote, { body: { ...input, addOns: [...input.addOns] } });
}

function quoteQueryOptions(input: QuoteInput) {
  // Add-ons in any order are the same quote, and one cache entry.
  const key = { ...input, addOns: [...input.addOns].sort() };
  return queryOptions({
    queryKey: [...EMERGENCY_KEY, 'quote', key] as const,
    queryFn: () => fetchQuote(key),
    // The fee rule does not change while the page is open.
    staleTime: Infinity,
    // A changed choice keeps the last breakdown on screen until its own arrives.
    placeholderData: keepPreviousData,
  });
}

/** The server's quote of a choice; the form shows it as the person chooses. */
export function useQuote(input: QuoteInput, enabled = true) {
  return useQuery({ ...quoteQueryOptions(input), enabled });
}
