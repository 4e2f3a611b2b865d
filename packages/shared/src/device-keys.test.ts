import { describe, expect, it } from 'vitest';
import { DEVICE_KEY_NAME_MAX_LENGTH, deviceKeyCreateSchema } from './device-keys';

describe('a new device key', () => {
  it('takes a name, trimmed, and optionally one city', () => {
    expect(deviceKeyCreateSchema.parse({ name: '  Gauge 7 ' })).toEqual({ name: 'Gauge 7' });
    expect(deviceKeyCreateSchema.parse({ name: 'Gauge 7', city: 'kolkata' })).toEqual({
      name: 'Gauge 7',
      city: 'kolkata',
    });
  });

  it('refuses a blank or overlong name, an unknown city and fields it does not know', () => {
    for (const body of [
      { name: '   ' },
      { name: 'x'.repeat(DEVICE_KEY_NAME_MAX_LENGTH + 1) },
      { name: 'Gauge 7', city: 'paris' },
      { name: 'Gauge 7', key: 'sk_chosen' },
    ])
      expect(deviceKeyCreateSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});
