import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs on the embedded database with the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.demoAccounts).toBe(true);
    expect(config.simulator).toBe(true);
    expect(config.logLevel).toBe('info');
  });

  it('turns demo accounts and the simulator off by default on a real PostgreSQL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/city' });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/city');
    expect(config.demoAccounts).toBe(false);
    expect(config.simulator).toBe(false);
    const asked = loadConfig({
      DATABASE_URL: 'postgresql://db/city',
      DEMO_ACCOUNTS: 'on',
      SIMULATOR: 'yes',
    });
    expect(asked.demoAccounts).toBe(true);
    expect(asked.simulator).toBe(true);
  });

  it('reads switches as on/off, true/false, yes/no and 1/0', () => {
    expect(loadConfig({ SIMULATOR: 'off' }).simulator).toBe(false);
    expect(loadConfig({ SIMULATOR: 'FALSE' }).simulator).toBe(false);
    expect(loadConfig({ DEMO_ACCOUNTS: '0' }).demoAccounts).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    [
      'PORT',
      'abc',
      'Invalid configuration: PORT must be a whole number between 0 and 65535 (got "abc")',
    ],
    [
      'PORT',
      '70000',
      'Invalid configuration: PORT must be a whole number between 0 and 65535 (got "70000")',
    ],
    [
      'DATABASE_URL',
      'mysql://x',
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// connection URL (got "mysql://x")',
    ],
    [
      'SIMULATOR',
      'maybe',
      'Invalid configuration: SIMULATOR must be on or off (also true/false, yes/no, 1/0) (got "maybe")',
    ],
    [
      'LOG_LEVEL',
      'loud',
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [
      'PUBLIC_URL',
      'city',
      'Invalid configuration: PUBLIC_URL must be an absolute http(s) URL (got "city")',
    ],
  ])('refuses %s=%s with one line naming the variable', (name, value, message) => {
    const attempt = () => loadConfig({ [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (err) {
      expect((err as Error).message).not.toContain('\n');
    }
  });
});
