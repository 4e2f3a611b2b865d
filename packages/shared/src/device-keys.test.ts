import { describe, expect, it } from 'vitest';
import { DEVICE_KEY_NAME_MAX_LENGTH, deviceKeyCreateSchema } from './device-keys';

describe('a new device key', () => {
  it('takes a name, trimmed, optionally one city, and what it is for (sensors unless said)', () => {
    expect(deviceKeyCreateSchema.parse({ name: '  Gauge 7 ' })).toEqual({
      name: 'Gauge 7',
      kind: 'sensors',
    });
    expect(
      deviceKeyCreateSchema.parse({ name: 'Ward app', city: 'kolkata', kind: 'reporter' }),
    ).toEqual({ name: 'Ward app', city: 'kolkata', kind: 'reporter' });
  });

  it('refuses a blank or overlong name, an unknown city and fields it does not know', () => {
    for (const body of [
      { name: '   ' },
      { name: 'x'.repeat(DEVICE_KEY_NAME_MAX_LENGTH + 1) },
      { name: 'Gauge 7', city: 'paris' },
      { name: 'Gauge 7', key: 'sk_chosen' },
      { name: 'Gauge 7', kind: 'camera' },
    ])
      expect(deviceKeyCreateSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});
