import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './profile';

describe('profileUpdateSchema', () => {
  it('accepts any subset of the changeable fields, and null to clear', () => {
    expect(
      profileUpdateSchema.parse({
        lastName: ' Sen ',
        phone: '+1 (212) 555-0100',
        avatarUrl: 'http://example.org/a.png',
        department: null,
      }),
    ).toEqual({
      lastName: 'Sen',
      phone: '+1 (212) 555-0100',
      avatarUrl: 'http://example.org/a.png',
      department: null,
    });
    expect(profileUpdateSchema.parse({})).toEqual({});
  });

  it.each([
    [{ firstName: '' }],
    [{ firstName: null }],
    [{ phone: '555' }],
    [{ phone: 'ring me maybe' }],
    [{ avatarUrl: 'data:image/png;base64,AAAA' }],
    [{ role: 'admin' }],
    [{ email: 'x@example.org' }],
  ])('refuses %j', (update) => {
    expect(profileUpdateSchema.safeParse(update).success).toBe(false);
  });
});
