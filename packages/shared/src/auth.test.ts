import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, signUpSchema } from './auth';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES, roleHasPermission } from './roles';

describe('roles and permissions', () => {
  it('are exactly the three roles with the reference permissions', () => {
    expect(ROLES).toEqual(['admin', 'operator', 'citizen']);
    const table = Object.fromEntries(
      ROLES.map((role) => [role, PERMISSIONS.filter((p) => roleHasPermission(role, p))]),
    );
    expect(table).toEqual({
      admin: ['read', 'write', 'delete', 'admin'],
      operator: ['read', 'write'],
      citizen: ['read'],
    });
    expect(ROLE_PERMISSIONS.citizen).not.toContain('write');
  });

  it('list the four demo accounts of the reference facts', () => {
    expect(
      DEMO_ACCOUNTS.map((a) => [a.username, a.email, `${a.firstName} ${a.lastName}`, a.role]),
    ).toEqual([
      ['admin', 'admin@smartcity.local', 'Admin User', 'admin'],
      ['operator', 'operator@smartcity.local', 'System Operator', 'operator'],
      ['demo', 'demo@smartcity.local', 'Demo Citizen', 'citizen'],
      ['test', 'test@smartcity.local', 'Test User', 'citizen'],
    ]);
  });
});

describe('signUpSchema', () => {
  const valid = {
    email: 'asha@example.org',
    password: 'correct-horse',
    firstName: 'Asha',
    lastName: 'Roy',
  };

  it('accepts the names, trimmed, with an optional department and username', () => {
    expect(
      signUpSchema.parse({
        ...valid,
        firstName: ' Asha ',
        department: 'Traffic',
        username: 'asha.r',
      }),
    ).toMatchObject({ firstName: 'Asha', department: 'Traffic', username: 'asha.r' });
  });

  it.each([
    [{ password: 'short' }],
    [{ firstName: '' }],
    [{ lastName: 'x'.repeat(61) }],
    [{ email: 'not-an-address' }],
    [{ username: 'a b' }],
  ])('refuses %j', (change) => {
    expect(signUpSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});
