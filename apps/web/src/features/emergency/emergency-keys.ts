/** The root of every emergency query: the catalogue, quotes, bookings and statements. */
export const EMERGENCY_KEY = ['emergency'] as const;

/** The root of every booking list (mine, the dispatch queue) and of every single booking. */
const BOOKINGS_KEY = [...EMERGENCY_KEY, 'bookings'] as const;
export const BOOKING_LISTS_KEY = [...BOOKINGS_KEY, 'list'] as const;
export const BOOKING_DETAIL_KEY = [...BOOKINGS_KEY, 'detail'] as const;

/** The root of the monthly statements. */
export const STATEMENTS_KEY = [...EMERGENCY_KEY, 'statement'] as const;
