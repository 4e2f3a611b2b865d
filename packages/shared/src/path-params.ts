import { z } from 'zod';

/** A path's `{id}`: any record's id, as the API's paths take it. */
export const idParamsSchema = z.object({ id: z.string().min(1).max(100) });
