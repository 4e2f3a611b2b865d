import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../test/accounts';
import { testDatabases } from '../test/databases';
import { createTestAppWithCallers } from '../test/test-app';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Reads Prometheus' text format: `name{label="value",…} number`, skipping # lines. */
function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) throw new Error(`not a Prometheus sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

const TOKEN = 'scrape-token-0123456789';

describe.each(testDatabases())('GET /metrics on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: Awaited<ReturnType<typeof createTestAppWithCallers>>;
  beforeAll(async () => {
    database = await create();
    app = await createTestAppWithCallers(database, {
      metricsToken: TOKEN,
      // Raised by the first reading out of range: the rules' on-delays are tested apart.
      alertOnDelay: 'off',
    });
  });
  afterAll(() => database?.dispose());

  const scrape = async () => {
    const res = await app.app.request('/metrics', {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheus(await res.text());
  };
  const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
    samples
      .filter((s) => s.name === name)
      .filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      .reduce((sum, s) => sum + s.value, 0);

  it('asks for the metrics token when one is configured', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer wrong-token-0123456789' },
    ];
    for (const headers of attempts) {
      const res = await app.app.request('/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });

  it('is not part of the API document', async () => {
    const doc = (await (await app.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths).some((path) => path.includes('metrics'))).toBe(false);
  });

  it('counts requests by route pattern, ingest by outcome, rule evaluations and active alerts', async () => {
    const before = await scrape();
    const sensor = 'kolkata-traffic-howrah-bridge';
    await app.app.request(`/api/sensors/${sensor}`, { headers: { Cookie: app.operator } });
    await app.app.request('/api/sensors/no-such-sensor', { headers: { Cookie: app.operator } });
    const stored = await postJson(
      app.app,
      '/api/ingest/readings',
      {
        readings: [
          { sensorId: sensor, value: 98, timestamp: new Date(Date.now() - 2_000).toISOString() },
          { sensorId: sensor, value: 97, timestamp: new Date(Date.now() - 1_000).toISOString() },
        ],
      },
      { cookie: app.operator },
    );
    expect(stored.status).toBe(202);
    const refused = await postJson(
      app.app,
      '/api/ingest/readings',
      { readings: [{ sensorId: 'no-such-sensor', value: 1 }] },
      { cookie: app.operator },
    );
    expect(refused.status).toBe(400);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      value(after, name, labels) - value(before, name, labels);
    const sensorRoute = { method: 'GET', route: '/api/sensors/:id' };
    expect(delta('http_requests_total', { ...sensorRoute, status: '200' })).toBe(1);
    expect(delta('http_requests_total', { ...sensorRoute, status: '404' })).toBe(1);
    expect(delta('http_request_duration_seconds_count', { ...sensorRoute })).toBe(2);
    expect(delta('ingest_readings_total', { channel: 'http', outcome: 'accepted' })).toBe(2);
    expect(delta('ingest_readings_total', { channel: 'http', outcome: 'refused' })).toBe(1);
    expect(delta('ingest_batch_duration_seconds_count', { channel: 'http' })).toBe(2);
    expect(delta('alert_rule_evaluations_total')).toBe(1);
    expect(value(after, 'alerts_active', { severity: 'critical', state: 'open' })).toBeGreaterThan(
      0,
    );
    expect(value(after, 'ingest_readings_in_flight')).toBe(0);
    // No series per sensor id: routes are counted by their pattern.
    expect(after.some((s) => s.labels.route?.includes(sensor))).toBe(false);
  });
});
