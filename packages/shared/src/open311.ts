import { z } from 'zod';
import type { ReportCategory, ReportDepartment } from './reports';

// Open311 GeoReport v2 (https://wiki.open311.org/GeoReport_v2), as this platform speaks it: JSON
// only (`.xml` is answered with a 400 that says so), each city a jurisdiction (`jurisdiction_id`
// is its key), each report category a service (`service_code` is its code), a reporter app's
// device key as the `api_key`. Field names and formats are the specification's.

/** Where the API is: `/open311/v2/services.json` and the rest. */
export const OPEN311_BASE_PATH = '/open311/v2';

/** The most requests one `requests.json` answer lists, and the days it looks back by default. */
export const OPEN311_MAX_REQUESTS = 1_000;
export const OPEN311_DEFAULT_DAYS = 90;

/** The largest form an Open311 client may post. */
export const OPEN311_MAX_BODY_BYTES = 64 * 1024;

/** What each service is called and about, in the specification's own fields (English, as the API). */
export const OPEN311_SERVICES: Readonly<
  Record<ReportCategory, { name: string; description: string; keywords: string }>
> = {
  pothole: {
    name: 'Pothole or road damage',
    description: 'A pothole, a sunken patch or a broken road surface.',
    keywords: 'pothole, road, street, surface',
  },
  garbage: {
    name: 'Garbage not collected',
    description: 'Household or street garbage left uncollected after its collection day.',
    keywords: 'garbage, trash, waste, collection',
  },
  overflowing_bin: {
    name: 'Overflowing bin',
    description: 'A public bin or dumpster that is full and overflowing.',
    keywords: 'bin, dumpster, overflow, waste',
  },
  streetlight: {
    name: 'Streetlight out',
    description: 'A streetlight that is off, flickering or damaged.',
    keywords: 'streetlight, lamp, light, dark',
  },
  water_leak: {
    name: 'Water leak',
    description: 'A leaking or burst water main, pipe or hydrant.',
    keywords: 'water, leak, pipe, burst, hydrant',
  },
  sewage: {
    name: 'Sewage or drain blocked',
    description: 'A blocked drain, an overflowing sewer or standing dirty water.',
    keywords: 'sewage, drain, sewer, flooding',
  },
  noise: {
    name: 'Noise',
    description: 'Loud noise from construction, loudspeakers or machinery.',
    keywords: 'noise, loud, construction, loudspeaker',
  },
  fallen_tree: {
    name: 'Fallen tree',
    description: 'A fallen tree or a large branch blocking a road or a path.',
    keywords: 'tree, branch, fallen, blocked',
  },
  other: {
    name: 'Other problem',
    description: 'Any other problem in a public place.',
    keywords: 'other',
  },
};

/** The department's name as `agency_responsible` and a service's `group`. */
export const OPEN311_AGENCIES: Readonly<Record<ReportDepartment, string>> = {
  roads: 'Roads',
  sanitation: 'Sanitation',
  lighting: 'Street lighting',
  water: 'Water supply',
  drainage: 'Drainage',
  parks: 'Parks',
  environment: 'Environment',
  general: 'General administration',
};

/** One service of `services.json`. */
export const open311ServiceSchema = z.object({
  service_code: z.string(),
  service_name: z.string(),
  description: z.string(),
  metadata: z.boolean(),
  type: z.enum(['realtime', 'batch', 'blackbox']),
  keywords: z.string(),
  group: z.string(),
});
export type Open311Service = z.infer<typeof open311ServiceSchema>;

/** One service request of `requests.json`: open while it needs work, closed once it ended. */
export const open311RequestSchema = z.object({
  service_request_id: z.string(),
  status: z.enum(['open', 'closed']),
  status_notes: z.string().nullable(),
  service_name: z.string(),
  service_code: z.string(),
  description: z.string().nullable(),
  agency_responsible: z.string().nullable(),
  service_notice: z.string().nullable(),
  requested_datetime: z.string(),
  updated_datetime: z.string(),
  expected_datetime: z.string().nullable(),
  address: z.string().nullable(),
  address_id: z.string().nullable(),
  zipcode: z.string().nullable(),
  lat: z.number(),
  long: z.number(),
  media_url: z.string().nullable(),
});
export type Open311Request = z.infer<typeof open311RequestSchema>;

/** The answer to a new request. */
export const open311CreatedSchema = z.array(
  z.object({
    service_request_id: z.string(),
    service_notice: z.string().nullable(),
    account_id: z.string().nullable(),
  }),
);

/** An Open311 error: the answer is a list of them, with the HTTP status as each `code`. */
export const open311ErrorSchema = z.array(z.object({ code: z.number(), description: z.string() }));
