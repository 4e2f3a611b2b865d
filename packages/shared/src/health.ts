import { z } from 'zod';
import type { Endpoint } from './endpoints';

/** `GET /api/health`: 200 with `status: "ok"`, or 503 with `database: "down"`. */
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'error']),
    database: z.enum(['ok', 'down']),
    uptimeS: z.number().nonnegative(),
    version: z.string(),
  })
  .meta({ id: 'Health' });

export type Health = z.infer<typeof healthSchema>;

/** Where the server process is in its life: only `ready` takes traffic. */
export const SERVER_PHASES = ['starting', 'migrating', 'ready', 'stopping'] as const;
export type ServerPhase = (typeof SERVER_PHASES)[number];

/** `GET /api/health/live`: the process answers (200 whenever it can answer at all). */
export const healthLiveSchema = z
  .object({
    status: z.literal('ok'),
    phase: z.enum(SERVER_PHASES),
    uptimeS: z.number().nonnegative(),
    version: z.string(),
  })
  .meta({ id: 'HealthLive' });

export type HealthLive = z.infer<typeof healthLiveSchema>;

/**
 * `GET /api/health/ready`: 200 when the process takes traffic; 503 while it starts or migrates its
 * database, while it shuts down, or when the database does not answer.
 */
export const healthReadySchema = z
  .object({
    ready: z.boolean(),
    phase: z.enum(SERVER_PHASES),
    database: z.enum(['ok', 'down', 'unknown']),
  })
  .meta({ id: 'HealthReady' });

export type HealthReady = z.infer<typeof healthReadySchema>;

/** Whether the server, its process and its database answer: for load balancers and monitors. */
export const HEALTH_ENDPOINTS = {
  get: {
    method: 'get',
    path: '/api/health',
    summary: 'Whether the server and its database answer',
    tags: ['Health'],
    access: 'public',
    status: 200,
    response: healthSchema,
    description: 'Server and database are up',
    alsoStatus: { status: 503, description: 'The database does not answer' },
  },
  live: {
    method: 'get',
    path: '/api/health/live',
    summary: 'Whether the process answers at all (restart it when this fails)',
    tags: ['Health'],
    access: 'public',
    status: 200,
    response: healthLiveSchema,
    description: 'The process answers',
  },
  ready: {
    method: 'get',
    path: '/api/health/ready',
    summary: 'Whether the process takes traffic: started, not shutting down, database answering',
    tags: ['Health'],
    access: 'public',
    status: 200,
    response: healthReadySchema,
    description: 'Ready for traffic',
    alsoStatus: {
      status: 503,
      description: 'Starting, migrating, shutting down, or the database does not answer',
    },
  },
} as const satisfies Record<string, Endpoint>;
