/** The prefix of every cached answer of the open data API. */
export const OPEN_DATA_QUERY_KEY = ['open-data'] as const;
