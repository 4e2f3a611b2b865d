import { describe, expect, it } from 'vitest';
import {
  MAX_SENSOR_REGISTRATION_BATCH,
  sensorRegistrationListSchema,
  sensorRegistrationRequestSchema,
} from './sensors';

const sensor = (id: string) => ({
  id,
  name: 'Gariahat Junction',
  type: 'traffic',
  city: 'kolkata',
  location: 'Gariahat',
  lat: 22.518,
  lng: 88.365,
});

/** The failing paths of a parse, as the API names them. */
function pathsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  return result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
}

describe('sensor registration', () => {
  it('takes one sensor and up to a full batch', () => {
    expect(sensorRegistrationRequestSchema.safeParse({ sensors: [sensor('a')] }).success).toBe(
      true,
    );
    const full = Array.from({ length: MAX_SENSOR_REGISTRATION_BATCH }, (_, i) => sensor(`s-${i}`));
    expect(sensorRegistrationRequestSchema.safeParse({ sensors: full }).success).toBe(true);
  });

  it('refuses an empty batch and one over the limit', () => {
    expect(pathsOf(sensorRegistrationRequestSchema.safeParse({ sensors: [] }))).toEqual([
      'sensors',
    ]);
    const over = Array.from({ length: MAX_SENSOR_REGISTRATION_BATCH + 1 }, (_, i) =>
      sensor(`s-${i}`),
    );
    expect(pathsOf(sensorRegistrationRequestSchema.safeParse({ sensors: over }))).toEqual([
      'sensors',
    ]);
  });

  it('names the entry and field that is wrong', () => {
    const sensors = [
      sensor('a'),
      { ...sensor('b'), lat: 91 },
      { ...sensor('c'), city: 'atlantis' },
    ];
    expect(pathsOf(sensorRegistrationRequestSchema.safeParse({ sensors }))).toEqual([
      'sensors.1.lat',
      'sensors.2.city',
    ]);
  });

  it('refuses an id given twice at its second entry, also after trimming', () => {
    const result = sensorRegistrationRequestSchema.safeParse({
      sensors: [sensor('a'), sensor('b'), sensor(' a ')],
    });
    expect(pathsOf(result)).toEqual(['sensors.2.id']);
    expect(result.error?.issues[0]?.message).toBe('repeats the id of entry 0');
    expect(pathsOf(sensorRegistrationListSchema.safeParse([sensor('x'), sensor('x')]))).toEqual([
      '1.id',
    ]);
  });

  it('refuses fields it does not know', () => {
    expect(
      pathsOf(sensorRegistrationRequestSchema.safeParse({ sensors: [sensor('a')], extra: 1 })),
    ).toEqual(['']);
    expect(
      pathsOf(sensorRegistrationRequestSchema.safeParse({ sensors: [{ ...sensor('a'), x: 1 }] })),
    ).toEqual(['sensors.0']);
  });
});
