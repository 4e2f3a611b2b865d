import {
  createdDeviceKeySchema,
  open311CreatedSchema,
  open311ErrorSchema,
  open311RequestSchema,
  open311ServiceSchema,
  REPORT_CATEGORIES,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { postJson, TEST_ORIGIN } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';

// The exchanges of the GeoReport v2 specification's examples (wiki.open311.org/GeoReport_v2), with
// this platform's jurisdiction, service code and a place in it in place of the example city's.

describe.each(testDatabases())('Open311 GeoReport v2 on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let admin: string;
  let operator: string;
  let reporterKey: string;
  let sensorsKey: string;
  let clock = new Date();

  const newKey = async (kind: string) =>
    createdDeviceKeySchema.parse(
      await (
        await postJson(app, '/api/device-keys', { name: `${kind} app`, kind }, { cookie: admin })
      ).json(),
    ).key;
  const post = (form: Record<string, string>, type = 'application/x-www-form-urlencoded') =>
    app.request('/open311/v2/requests.json', {
      method: 'POST',
      headers: { 'Content-Type': type },
      body: new URLSearchParams(form).toString(),
    });
  const errorOf = async (res: Response) => open311ErrorSchema.parse(await res.json())[0]!;

  /** The specification's example request, in Kolkata. */
  const example = () => ({
    api_key: reporterKey,
    jurisdiction_id: 'kolkata',
    service_code: 'pothole',
    lat: '22.5526',
    long: '88.3525',
    address_string: '12 Park Street',
    email: 'smit222@example.org',
    device_id: 'tt222111',
    account_id: '123456',
    first_name: 'john',
    last_name: 'smith',
    phone: '111111111',
    description: 'A large sinkhole is destroying the street',
    media_url: 'http://example.com/image.jpg',
  });

  beforeAll(async () => {
    database = await create();
    ({ app, admin, operator } = await createTestAppWithCallers(database, {
      pipelineNow: () => clock,
    }));
    reporterKey = await newKey('reporter');
    sensorsKey = await newKey('sensors');
  });
  afterAll(() => database?.dispose());

  it('lists every service with the specification’s fields, and refuses XML', async () => {
    const res = await app.request('/open311/v2/services.json');
    expect(res.status).toBe(200);
    const services = z.array(open311ServiceSchema.strict()).parse(await res.json());
    expect(services.map((s) => s.service_code)).toEqual([...REPORT_CATEGORIES]);
    expect(services[0]).toMatchObject({
      service_code: 'pothole',
      service_name: 'Pothole or road damage',
      metadata: false,
      type: 'realtime',
      group: 'Roads',
    });
    expect((await app.request('/open311/v2/services.json?jurisdiction_id=kolkata')).status).toBe(
      200,
    );
    const xml = await app.request('/open311/v2/services.xml');
    expect(xml.status).toBe(400);
    expect((await errorOf(xml)).description).toMatch(/XML is not offered/);
    const elsewhere = await app.request('/open311/v2/services.json?jurisdiction_id=city.gov');
    expect(elsewhere.status).toBe(404);
    expect(await errorOf(elsewhere)).toEqual({
      code: 404,
      description: 'jurisdiction_id not found: city.gov',
    });
  });

  it('gives a service’s definition, and 404 for an unknown code', async () => {
    const res = await app.request('/open311/v2/services/streetlight.json');
    expect(await res.json()).toEqual({ service_code: 'streetlight', attributes: [] });
    expect((await app.request('/open311/v2/services/033.json')).status).toBe(404);
  });

  it('takes the specification’s example request and gives back its number, then lists it without personal data', async () => {
    clock = new Date();
    const res = await post(example());
    expect(res.status).toBe(201);
    const [created] = open311CreatedSchema.parse(await res.json());
    expect(created).toEqual({
      service_request_id: expect.stringMatching(/^\d+$/),
      service_notice: null,
      account_id: null,
    });
    const id = created!.service_request_id;

    const one = await app.request(`/open311/v2/requests/${id}.json`);
    expect(one.status).toBe(200);
    const text = await one.text();
    const [request] = z.array(open311RequestSchema.strict()).parse(JSON.parse(text));
    expect(request).toMatchObject({
      service_request_id: id,
      status: 'open',
      status_notes: null,
      service_name: 'Pothole or road damage',
      service_code: 'pothole',
      description: 'A large sinkhole is destroying the street',
      agency_responsible: 'Roads',
      address: '12 Park Street',
      lat: 22.5526,
      long: 88.3525,
      media_url: 'http://example.com/image.jpg',
    });
    expect(Date.parse(request!.expected_datetime!) - Date.parse(request!.requested_datetime)).toBe(
      72 * 3_600_000,
    );
    expect(text).not.toMatch(/smit222|111111111|john|smith/);

    // GET requests.json?start_date=…&end_date=…&status=open, as the specification's example asks.
    const from = new Date(clock.getTime() - 86_400_000).toISOString();
    const to = new Date(clock.getTime() + 86_400_000).toISOString();
    const open = z
      .array(open311RequestSchema)
      .parse(
        await (
          await app.request(
            `/open311/v2/requests.json?start_date=${from}&end_date=${to}&status=open`,
          )
        ).json(),
      );
    expect(open.map((r) => r.service_request_id)).toContain(id);
    const closed = z
      .array(open311RequestSchema)
      .parse(await (await app.request('/open311/v2/requests.json?status=closed')).json());
    expect(closed.map((r) => r.service_request_id)).not.toContain(id);
    const away = z
      .array(open311RequestSchema)
      .parse(
        await (await app.request('/open311/v2/requests.json?bbox=-74.1,40.6,-73.8,40.9')).json(),
      );
    expect(away.map((r) => r.service_request_id)).not.toContain(id);
    const byIds = z
      .array(open311RequestSchema)
      .parse(
        await (
          await app.request(`/open311/v2/requests.json?service_request_id=${id},999999`)
        ).json(),
      );
    expect(byIds.map((r) => r.service_request_id)).toEqual([id]);

    // Closed in the app by an operator: closed with its notes for the Open311 client too.
    const closing = await postJson(
      app,
      `/api/reports/${id}/status`,
      { status: 'closed', note: 'Filled and resurfaced.' },
      { cookie: operator },
    );
    expect(closing.status).toBe(200);
    const [after] = z
      .array(open311RequestSchema)
      .parse(await (await app.request(`/open311/v2/requests/${id}.json`)).json());
    expect(after).toMatchObject({ status: 'closed', status_notes: 'Filled and resurfaced.' });
  });

  it('finds the jurisdiction from the place when the request names none', async () => {
    const { jurisdiction_id: _, ...rest } = example();
    const res = await post({ ...rest, lat: '40.754', long: '-73.984', service_code: 'noise' });
    expect(res.status).toBe(201);
    const [created] = open311CreatedSchema.parse(await res.json());
    const listed = z
      .array(open311RequestSchema)
      .parse(
        await (
          await app.request(
            `/open311/v2/requests.json?jurisdiction_id=new-york&service_request_id=${created!.service_request_id}`,
          )
        ).json(),
      );
    expect(listed).toHaveLength(1);
    const nowhere = await post({ ...rest, lat: '0', long: '0' });
    expect(nowhere.status).toBe(400);
  });

  it('refuses a missing or wrong key, a sensors key, and what the specification calls errors', async () => {
    const { api_key: _, ...keyless } = example();
    expect((await post(keyless)).status).toBe(403);
    expect((await post({ ...example(), api_key: 'sk_nope' })).status).toBe(403);
    expect((await post({ ...example(), api_key: sensorsKey })).status).toBe(403);
    const unknown = await post({ ...example(), service_code: '001' });
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toEqual({
      code: 404,
      description: 'service_code not found: 001',
    });
    const noPlace = await post({ ...example(), lat: '' });
    expect(noPlace.status).toBe(400);
    expect((await errorOf(noPlace)).description).toMatch(/lat must be a number/);
    expect((await post({ ...example(), media_url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await post({ ...example(), description: 'a\u0000b' })).status).toBe(400);
    const json = await app.request('/open311/v2/requests.json', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(example()),
    });
    expect(json.status).toBe(415);
    expect((await app.request('/open311/v2/requests/abc.json')).status).toBe(404);
    expect((await app.request('/open311/v2/requests.json?start_date=yesterday')).status).toBe(400);
  });

  it('keeps the two kinds of key apart: a reporter app cannot send readings', async () => {
    const send = (key: string) =>
      app.request('/api/ingest/readings', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: TEST_ORIGIN,
          Authorization: `Bearer ${key}`,
        },
        body: JSON.stringify({
          readings: [
            {
              sensorId: 'kolkata-air-quality-gariahat',
              value: 42,
              timestamp: new Date().toISOString(),
            },
          ],
        }),
      });
    expect((await send(reporterKey)).status).toBe(403);
    expect((await send(sensorsKey)).status).toBeLessThan(300);
  });
});
