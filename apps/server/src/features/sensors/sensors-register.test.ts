import {
  apiErrorSchema,
  MAX_SENSOR_REGISTRATION_BATCH,
  SENSOR_UNITS,
  sensorRegistrationResultSchema,
  sensorSchema,
  statsSchema,
  type SensorRegistration,
  type Stats,
} from '@smart-city/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../test/accounts';
import { testDatabases } from '../../test/databases';
import { createTestAppWithCallers, type createTestApp } from '../../test/test-app';

/** A new sensor in Kharagpur, inside the city's bounds; `prefix` keeps each test's ids apart. */
function newSensor(prefix: string, i: number): SensorRegistration {
  return {
    id: `${prefix}-${String(i).padStart(5, '0')}`,
    name: `Registered ${prefix} ${i}`,
    type: 'air_quality',
    city: 'kharagpur',
    location: 'Prembazar',
    lat: 22.31 + (i % 100) * 0.0005,
    lng: 87.3 + Math.floor(i / 100) * 0.0005,
  };
}

describe.each(testDatabases())('registering sensors on $kind', ({ create }) => {
  let database: Awaited<ReturnType<typeof create>>;
  let app: ReturnType<typeof createTestApp>;
  let callers: { admin: string; operator: string; citizen: string };
  const announced: (Stats & { city: string })[] = [];

  const register = (body: unknown, caller: keyof typeof callers | 'anonymous' = 'admin') =>
    postJson(app, '/api/sensors', body, caller === 'anonymous' ? {} : { cookie: callers[caller] });
  const added = async (res: Response) => {
    expect(res.status).toBe(201);
    return sensorRegistrationResultSchema.parse(await res.json()).added;
  };
  const refusal = async (res: Response) => {
    expect(res.status).toBe(400);
    const { error } = apiErrorSchema.parse(await res.json());
    expect(error.code).toBe('invalid_input');
    return error;
  };
  const stats = async (city: string): Promise<Stats> =>
    statsSchema.parse(
      await (
        await app.request(`/api/stats?city=${city}`, { headers: { Cookie: callers.admin } })
      ).json(),
    );
  const sensor = (id: string) =>
    app.request(`/api/sensors/${encodeURIComponent(id)}`, {
      headers: { Cookie: callers.citizen },
    });

  beforeAll(async () => {
    database = await create();
    const made = await createTestAppWithCallers(database);
    ({ app } = made);
    callers = { admin: made.admin, operator: made.operator, citizen: made.citizen };
    made.events.on('stats', (event) => announced.push(event));
  }, 60_000);
  afterAll(() => database?.dispose());

  it('registers one sensor, in its type’s unit, and shows it as GET /api/sensors/:id', async () => {
    const one = newSensor('one', 0);
    expect(await added(await register({ sensors: [one] }))).toBe(1);
    const res = await sensor(one.id);
    expect(res.status).toBe(200);
    expect(sensorSchema.parse(await res.json())).toMatchObject({
      ...one,
      unit: SENSOR_UNITS.air_quality,
      value: null,
      lastReading: null,
      metadata: {},
    });
  });

  it('keeps the unit, status and metadata given', async () => {
    const given = {
      ...newSensor('given', 0),
      type: 'water' as const,
      unit: 'kL/h',
      status: 'maintenance' as const,
      metadata: { vendor: 'Acme', pipeMm: 300 },
    };
    expect(await added(await register({ sensors: [given] }))).toBe(1);
    expect(sensorSchema.parse(await (await sensor(given.id)).json())).toMatchObject(given);
  });

  it('registers a full batch, adds nothing when it is sent again, and announces the new counts', async () => {
    const before = (await stats('kharagpur')).totalSensors;
    const batch = Array.from({ length: MAX_SENSOR_REGISTRATION_BATCH }, (_, i) =>
      newSensor('batch', i),
    );
    announced.length = 0;
    expect(await added(await register({ sensors: batch }))).toBe(MAX_SENSOR_REGISTRATION_BATCH);
    expect((await stats('kharagpur')).totalSensors).toBe(before + MAX_SENSOR_REGISTRATION_BATCH);
    // Viewers of the city hear the new counts without asking (at most one announcement a second;
    // one for the test before may still be on its way), and never a part of the batch.
    const heard = () => announced.filter((event) => event.city === 'kharagpur');
    await expect
      .poll(() => heard().at(-1), { timeout: 3_000 })
      .toEqual(expect.objectContaining({ totalSensors: before + MAX_SENSOR_REGISTRATION_BATCH }));
    for (const event of heard()) {
      expect([before, before + MAX_SENSOR_REGISTRATION_BATCH]).toContain(event.totalSensors);
    }

    // The same batch again, as a client retrying after a lost answer would send it.
    expect(await added(await register({ sensors: batch }))).toBe(0);
    expect((await stats('kharagpur')).totalSensors).toBe(before + MAX_SENSOR_REGISTRATION_BATCH);
  }, 60_000);

  it('keeps a registered sensor as it is when its id comes again with other fields', async () => {
    const first = newSensor('kept', 0);
    expect(await added(await register({ sensors: [first] }))).toBe(1);
    const changed = { ...first, name: 'Another name', lat: 22.35 };
    expect(await added(await register({ sensors: [changed, newSensor('kept', 1)] }))).toBe(1);
    expect(sensorSchema.parse(await (await sensor(first.id)).json())).toMatchObject({
      name: first.name,
      lat: first.lat,
    });
  });

  it.each([
    ['operator', 403],
    ['citizen', 403],
    ['anonymous', 401],
  ] as const)('refuses a %s with %i and stores nothing', async (caller, status) => {
    const one = newSensor(`refused-${caller}`, 0);
    const res = await register({ sensors: [one] }, caller);
    expect(res.status).toBe(status);
    apiErrorSchema.parse(await res.json());
    expect((await sensor(one.id)).status).toBe(404);
  });

  it.each([
    ['a latitude off the globe', { lat: 91 }, 'sensors.1.lat'],
    ['an unknown city', { city: 'atlantis' }, 'sensors.1.city'],
    ['an unknown type', { type: 'noise' }, 'sensors.1.type'],
    ['an empty name', { name: ' ' }, 'sensors.1.name'],
    ['a field the registry does not know', { colour: 'red' }, 'sensors.1'],
    ['an unknown status', { status: 'broken' }, 'sensors.1.status'],
  ])('refuses %s naming the entry, and stores none of the batch', async (_, change, path) => {
    const good = newSensor('bad-batch', 0);
    const bad = { ...newSensor('bad-batch', 1), ...change };
    const error = await refusal(await register({ sensors: [good, bad] }));
    expect(error.message).toContain(path);
    expect(error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    expect((await sensor(good.id)).status).toBe(404);
  });

  it('refuses an id given twice in one body, naming the repeat', async () => {
    const twice = newSensor('twice', 0);
    const error = await refusal(
      await register({ sensors: [twice, newSensor('twice', 1), { ...twice, name: 'Again' }] }),
    );
    expect(error.details).toEqual([{ path: 'sensors.2.id', message: 'repeats the id of entry 0' }]);
    expect((await sensor(twice.id)).status).toBe(404);
  });

  it('refuses an empty batch, one over the limit, and a body without sensors', async () => {
    expect((await refusal(await register({ sensors: [] }))).message).toContain('sensors');
    const over = Array.from({ length: MAX_SENSOR_REGISTRATION_BATCH + 1 }, (_, i) =>
      newSensor('over', i),
    );
    expect((await refusal(await register({ sensors: over }))).message).toContain('sensors');
    expect((await sensor(over[0]!.id)).status).toBe(404);
    await refusal(await register({}));
    await refusal(await register([newSensor('bare', 0)]));
  });
});
