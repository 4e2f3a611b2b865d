import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Where readings come from. */
export type IngestChannel = 'http' | 'mqtt' | 'simulator';

/** Figures read when Prometheus scrapes, from parts made after the metrics. */
export type MetricSources = {
  liveSockets?: () => number;
  liveRooms?: () => number;
  databasePool?: () => { total: number; idle: number; waiting: number } | null;
  activeAlerts?: () => Promise<{ severity: string; status: string; count: number }[]>;
  readingsStorage?: () => Promise<{
    databaseBytes: number;
    rawBytes: number;
    rawPartitions: number;
    rollupBytes: number;
    oldestReading: Date | null;
  }>;
};

/** The storage figures are read once per scrape however many gauges show them. */
const STORAGE_REUSE_MS = 5_000;

const LATENCY_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS_S = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/**
 * The server's Prometheus metrics, in a registry of their own (tests build many servers in one
 * process). Counters and histograms are fed where things happen; gauges of other parts' state are
 * read at scrape time through `observe`.
 */
export function createMetrics(options: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const sources: MetricSources = {};

  const metrics = {
    registry,
    /** Names the parts whose state the gauges report; called once they exist. */
    observe(more: MetricSources) {
      Object.assign(sources, more);
    },
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: LATENCY_BUCKETS_S,
      registers,
    }),
    ingestReadings: new Counter({
      name: 'ingest_readings_total',
      help: 'Readings by channel and outcome (accepted, duplicate, refused, throttled, dropped)',
      labelNames: ['channel', 'outcome'] as const,
      registers,
    }),
    ingestBatchDuration: new Histogram({
      name: 'ingest_batch_duration_seconds',
      help: 'Time to store one batch of readings, rules included, by channel',
      labelNames: ['channel'] as const,
      buckets: LATENCY_BUCKETS_S,
      registers,
    }),
    readingsFoldDuration: new Histogram({
      name: 'readings_fold_duration_seconds',
      help: "Time to fold stored readings into the minute rollups and the sensors' latest values",
      buckets: LATENCY_BUCKETS_S,
      registers,
    }),
    readingsFolded: new Counter({
      name: 'readings_folded_total',
      help: "Readings folded into the minute rollups and the sensors' latest values",
      registers,
    }),
    ingestInFlight: new Gauge({
      name: 'ingest_readings_in_flight',
      help: 'Readings being stored right now (bounded by INGEST_MAX_IN_FLIGHT)',
      registers,
    }),
    ingestQueued: new Gauge({
      name: 'ingest_readings_queued',
      help: 'Readings received and waiting to be stored, by channel',
      labelNames: ['channel'] as const,
      registers,
    }),
    alertRuleEvaluations: new Counter({
      name: 'alert_rule_evaluations_total',
      help: 'Sensors whose new readings the alert rules judged',
      registers,
    }),
    alertsRaised: new Counter({
      name: 'alerts_raised_total',
      help: 'Alerts raised, by severity',
      labelNames: ['severity'] as const,
      registers,
    }),
    escalationSteps: new Counter({
      name: 'alert_escalation_steps_total',
      help: 'Escalation steps fired, by action (notify, remind, raise)',
      labelNames: ['action'] as const,
      registers,
    }),
    emails: new Counter({
      name: 'emails_total',
      help: 'E-mail attempts by outcome: sent, retry (tried again later) or failed (given up)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    liveMessages: new Counter({
      name: 'live_messages_emitted_total',
      help: 'Live messages sent to an audience (a city room or everyone), by event',
      labelNames: ['event'] as const,
      registers,
    }),
    databaseQueryDuration: new Histogram({
      name: 'db_query_duration_seconds',
      help: 'Time of database queries',
      labelNames: ['outcome'] as const,
      buckets: QUERY_BUCKETS_S,
      registers,
    }),
  };

  new Gauge({
    name: 'live_sockets',
    help: 'Live connections this process holds',
    registers,
    collect() {
      this.set(sources.liveSockets?.() ?? 0);
    },
  });
  new Gauge({
    name: 'live_rooms',
    help: 'City rooms with at least one follower in this process',
    registers,
    collect() {
      this.set(sources.liveRooms?.() ?? 0);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL only)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources.databasePool?.();
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'alerts_active',
    help: 'Open and acknowledged alerts, by severity and state',
    labelNames: ['severity', 'state'] as const,
    registers,
    async collect() {
      const rows = (await sources.activeAlerts?.()) ?? [];
      this.reset();
      for (const row of rows) this.set({ severity: row.severity, state: row.status }, row.count);
    },
  });

  let storage: {
    at: number;
    figures: ReturnType<NonNullable<MetricSources['readingsStorage']>>;
  } | null = null;
  const storageFigures = () => {
    const read = sources.readingsStorage;
    if (!read) return Promise.resolve(null);
    if (!storage || performance.now() - storage.at > STORAGE_REUSE_MS) {
      storage = { at: performance.now(), figures: read() };
      // A failed read is not kept: the next scrape tries again.
      storage.figures.catch(() => (storage = null));
    }
    return storage.figures;
  };
  const storageGauge = (
    name: string,
    help: string,
    pick: (f: NonNullable<Awaited<ReturnType<typeof storageFigures>>>) => number | null,
  ) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const figures = await storageFigures();
        const value = figures ? pick(figures) : null;
        if (value === null) this.reset();
        else this.set(value);
      },
    });
  storageGauge('database_size_bytes', 'Size of the whole database on disk', (f) => f.databaseBytes);
  storageGauge(
    'readings_raw_bytes',
    'Raw readings on disk, tables and indexes of every partition',
    (f) => f.rawBytes,
  );
  storageGauge(
    'readings_raw_partitions',
    'Day partitions of the raw readings',
    (f) => f.rawPartitions,
  );
  storageGauge(
    'readings_rollup_bytes',
    'Rollups (minute, quarter-hour, hourly, daily; per sensor and per city) on disk',
    (f) => f.rollupBytes,
  );
  storageGauge(
    'readings_oldest_timestamp_seconds',
    'Start of the oldest day holding raw readings, in seconds since the epoch',
    (f) => (f.oldestReading ? f.oldestReading.getTime() / 1000 : null),
  );

  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;
