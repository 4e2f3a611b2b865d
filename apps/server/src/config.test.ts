import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultMqttClientId, loadConfig } from './config';

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

  it('reads the MQTT broker and the raw-reading retention', () => {
    expect(loadConfig({}).mqttUrl).toBeUndefined();
    expect(loadConfig({}).retentionRawDays).toBe(30);
    const config = loadConfig({ MQTT_URL: 'mqtt://127.0.0.1:1883', RETENTION_RAW_DAYS: '7' });
    expect(config.mqttUrl).toBe('mqtt://127.0.0.1:1883');
    expect(config.retentionRawDays).toBe(7);
    expect(() => loadConfig({ MQTT_URL: 'http://broker' })).toThrow(
      'Invalid configuration: MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// URL (got "http://broker")',
    );
    expect(() => loadConfig({ RETENTION_RAW_DAYS: '0' })).toThrow(
      'Invalid configuration: RETENTION_RAW_DAYS must be at least 1 day (got "0")',
    );
  });

  it('reads how long a sensor may stay silent, 300 s by default, 30 s to 7 days', () => {
    expect(loadConfig({}).sensorOfflineAfterS).toBe(300);
    expect(loadConfig({ SENSOR_OFFLINE_AFTER_S: '900' }).sensorOfflineAfterS).toBe(900);
    expect(() => loadConfig({ SENSOR_OFFLINE_AFTER_S: '10' })).toThrow(
      'Invalid configuration: SENSOR_OFFLINE_AFTER_S must be at least 30 seconds (got "10")',
    );
    expect(() => loadConfig({ SENSOR_OFFLINE_AFTER_S: 'soon' })).toThrow(
      'SENSOR_OFFLINE_AFTER_S must be a whole number of seconds',
    );
  });

  it("reads whether alerts wait out their rule's on-delay: they do by default", () => {
    expect(loadConfig({}).alertOnDelay).toBe('default');
    expect(loadConfig({ ALERT_ON_DELAY: 'off' }).alertOnDelay).toBe('off');
    expect(() => loadConfig({ ALERT_ON_DELAY: 'never' })).toThrow(
      'ALERT_ON_DELAY must be default or off',
    );
  });

  it('reads the days of simulated history, 14 by default, 0 to 60', () => {
    expect(loadConfig({}).simulatorBackfillDays).toBe(14);
    expect(loadConfig({ SIMULATOR_BACKFILL_DAYS: '0' }).simulatorBackfillDays).toBe(0);
    expect(loadConfig({ SIMULATOR_BACKFILL_DAYS: '60' }).simulatorBackfillDays).toBe(60);
    for (const bad of ['61', '-1', '2.5', 'two'])
      expect(() => loadConfig({ SIMULATOR_BACKFILL_DAYS: bad })).toThrow(
        `Invalid configuration: SIMULATOR_BACKFILL_DAYS must be a whole number of days from 0 to 60 (got "${bad}")`,
      );
  });

  it('reads the simulator pace, 2,000 readings a second by default, 1 to 100,000', () => {
    expect(loadConfig({}).simulatorReadingsPerS).toBe(2_000);
    expect(loadConfig({ SIMULATOR_READINGS_PER_S: '50000' }).simulatorReadingsPerS).toBe(50_000);
    for (const bad of ['0', '100001', '1.5', 'fast'])
      expect(() => loadConfig({ SIMULATOR_READINGS_PER_S: bad })).toThrow(
        `Invalid configuration: SIMULATOR_READINGS_PER_S must be a whole number of readings per second from 1 to 100000 (got "${bad}")`,
      );
  });

  it('reads switches as on/off, true/false, yes/no and 1/0', () => {
    expect(loadConfig({ SIMULATOR: 'off' }).simulator).toBe(false);
    expect(loadConfig({ SIMULATOR: 'FALSE' }).simulator).toBe(false);
    expect(loadConfig({ DEMO_ACCOUNTS: '0' }).demoAccounts).toBe(false);
  });

  it('reads the operations settings: metrics token, ingest bound, trusted proxies', () => {
    const defaults = loadConfig({});
    expect(defaults.metricsToken).toBeNull();
    expect(defaults.ingestMaxInFlight).toBe(5_000);
    expect(defaults.trustProxyHops).toBe(0);
    expect(defaults.mqttClientId).toBeUndefined();
    const set = loadConfig({
      METRICS_TOKEN: 'prometheus-scrape-0123',
      INGEST_MAX_IN_FLIGHT: '20000',
      TRUST_PROXY: 'on',
      MQTT_CLIENT_ID: 'city-server-1',
    });
    expect(set).toMatchObject({
      metricsToken: 'prometheus-scrape-0123',
      ingestMaxInFlight: 20_000,
      trustProxyHops: 1,
      mqttClientId: 'city-server-1',
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxyHops).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxyHops).toBe(0);
  });

  it('shares MQTT readings between the processes of a PostgreSQL deployment', () => {
    expect(loadConfig({}).mqttShareGroup).toBeUndefined();
    const shared = loadConfig({
      DATABASE_URL: 'postgres://db/city',
      LIVE_ADAPTER: 'postgres',
      MQTT_URL: 'mqtt://broker:1883',
      PORT: '3001',
    });
    // Without a broker there is nothing to share.
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/city', LIVE_ADAPTER: 'postgres' }).mqttShareGroup,
    ).toBeUndefined();
    expect(shared.mqttShareGroup).toBe('smartcity');
    // Each process keeps a session of its own, named after its host and port.
    expect(shared.mqttClientId).toMatch(/^smartcity-[\w.:-]+-3001$/);
    expect(defaultMqttClientId('smartcity', 3001, 'node a/1')).toBe('smartcity-node-a-1-3001');
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://db/city',
        LIVE_ADAPTER: 'postgres',
        MQTT_URL: 'mqtt://broker:1883',
        MQTT_SHARE_GROUP: 'off',
      }),
    ).toMatchObject({ mqttShareGroup: undefined, mqttClientId: undefined });
    expect(
      loadConfig({
        MQTT_URL: 'mqtt://broker:1883',
        MQTT_SHARE_GROUP: 'ingest-a',
        MQTT_CLIENT_ID: 'city-server-1',
      }),
    ).toMatchObject({ mqttShareGroup: 'ingest-a', mqttClientId: 'city-server-1' });
    expect(() => loadConfig({ MQTT_SHARE_GROUP: 'a/+' })).toThrow(
      'Invalid configuration: MQTT_SHARE_GROUP must be 1–64 letters, digits or ._- (or off) (got "a/+")',
    );
  });

  it('never prints a refused metrics token', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'Invalid configuration: METRICS_TOKEN must be at least 16 characters',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).not.toThrow(/short"/);
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
    [
      'INGEST_MAX_IN_FLIGHT',
      '10',
      'Invalid configuration: INGEST_MAX_IN_FLIGHT must be at least 100 readings (got "10")',
    ],
    [
      'TRUST_PROXY',
      'all',
      'Invalid configuration: TRUST_PROXY must be off, on (one proxy) or the number of proxies in front (0–9) (got "all")',
    ],
    [
      'MQTT_CLIENT_ID',
      'city server',
      'Invalid configuration: MQTT_CLIENT_ID must be 1–64 letters, digits or ._:- (got "city server")',
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

  it('reads the account settings, with a documented sender by default', () => {
    const config = loadConfig({
      AUTH_SECRET: 's'.repeat(40),
      SMTP_URL: 'smtps://mailer:pw@mail.example.org:465',
      SMTP_FROM: 'City Desk <desk@example.org>',
    });
    expect(config.authSecret).toBe('s'.repeat(40));
    expect(config.smtpUrl).toBe('smtps://mailer:pw@mail.example.org:465');
    expect(config.smtpFrom).toBe('City Desk <desk@example.org>');
    const defaults = loadConfig({});
    expect(defaults.authSecret).toBeUndefined();
    expect(defaults.smtpUrl).toBeUndefined();
    expect(defaults.smtpFrom).toBe('Smart City <no-reply@smartcity.local>');
    expect(defaults.demoPassword).toBe('smartcity-demo');
  });

  it('shares live events through PostgreSQL only when asked and on a real PostgreSQL', () => {
    expect(loadConfig({}).liveAdapter).toBe('memory');
    const url = 'postgres://postgres@127.0.0.1:5432/city';
    expect(loadConfig({ DATABASE_URL: url }).liveAdapter).toBe('memory');
    expect(loadConfig({ DATABASE_URL: url, LIVE_ADAPTER: 'postgres' }).liveAdapter).toBe(
      'postgres',
    );
    expect(() => loadConfig({ LIVE_ADAPTER: 'postgres' })).toThrow(
      'Invalid configuration: LIVE_ADAPTER postgres needs DATABASE_URL; the embedded database uses memory (got "postgres")',
    );
    expect(() => loadConfig({ LIVE_ADAPTER: 'kafka' })).toThrow(
      'Invalid configuration: LIVE_ADAPTER must be memory, postgres or redis (got "kafka")',
    );
  });

  it('shares live events through Redis when asked, with a Redis to use and a real PostgreSQL', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/city';
    expect(
      loadConfig({
        DATABASE_URL: url,
        LIVE_ADAPTER: 'redis',
        REDIS_URL: 'redis://cache:6379',
        MQTT_URL: 'mqtt://broker:1883',
      }),
    ).toMatchObject({
      liveAdapter: 'redis',
      redisUrl: 'redis://cache:6379',
      mqttShareGroup: 'smartcity',
    });
    expect(() => loadConfig({ DATABASE_URL: url, LIVE_ADAPTER: 'redis' })).toThrow(
      'Invalid configuration: LIVE_ADAPTER redis needs REDIS_URL (e.g. redis://127.0.0.1:6379)',
    );
    expect(() => loadConfig({ LIVE_ADAPTER: 'redis', REDIS_URL: 'redis://cache:6379' })).toThrow(
      'Invalid configuration: LIVE_ADAPTER redis needs DATABASE_URL; the embedded database uses memory (got "redis")',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://cache' })).toThrow(
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL',
    );
    // It may carry the Redis password: a refused one is never printed.
    expect(() => loadConfig({ REDIS_URL: 'http://:secret@cache' })).not.toThrow(/secret/);
  });

  it("reads the map's tile source: OpenStreetMap by default, a city's own, or none with off", () => {
    expect(loadConfig({}).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(loadConfig({ MAP_TILE_URL: 'off' }).mapTiles).toBeNull();
    const config = loadConfig({
      MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example Maps',
    });
    expect(config.mapTiles).toEqual({
      url: 'https://tiles.example.org/{z}/{x}/{y}.png',
      attribution: '© Example Maps',
    });
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles.example.org/{z}/{x}/{y}.png' })).toThrow(
      'Invalid configuration: MAP_TILE_URL must be "off" or an http(s) tile URL template with {z}, {x} and {y} (got "ftp://tiles.example.org/{z}/{x}/{y}.png")',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}.png' })).toThrow(
      'MAP_TILE_URL must be "off" or an http(s) tile URL template',
    );
  });

  it("keeps the reports' photos under DATA_DIR, or in the S3 bucket it is given", () => {
    expect(loadConfig({ DATA_DIR: '/srv/city' }).reportPhotos).toEqual({
      kind: 'disk',
      folder: path.resolve('/srv/city/report-photos'),
    });
    expect(loadConfig({ REPORT_PHOTOS_S3_BUCKET: 'city-photos' }).reportPhotos).toEqual({
      kind: 's3',
      bucket: 'city-photos',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      prefix: 'report-photos/',
      credentials: undefined,
    });
    const minio = loadConfig({
      REPORT_PHOTOS_S3_BUCKET: 'city-photos',
      REPORT_PHOTOS_S3_REGION: 'eu-central-1',
      REPORT_PHOTOS_S3_ENDPOINT: 'http://127.0.0.1:9000',
      REPORT_PHOTOS_S3_FORCE_PATH_STYLE: 'on',
      AWS_ACCESS_KEY_ID: 'minio',
      AWS_SECRET_ACCESS_KEY: 'minio-secret',
    });
    expect(minio.reportPhotos).toMatchObject({
      region: 'eu-central-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
    });
    expect(() => loadConfig({ REPORT_PHOTOS_S3_BUCKET: 'Photos_2026' })).toThrow(
      'Invalid configuration: REPORT_PHOTOS_S3_BUCKET must be a bucket name: 3–63 lowercase letters, digits, dots or hyphens (got "Photos_2026")',
    );
    expect(() =>
      loadConfig({
        REPORT_PHOTOS_S3_BUCKET: 'city-photos',
        REPORT_PHOTOS_S3_ENDPOINT: 'minio:9000',
      }),
    ).toThrow(
      'Invalid configuration: REPORT_PHOTOS_S3_ENDPOINT must be an http:// or https:// URL (got "minio:9000")',
    );
    expect(() => loadConfig({ REPORT_PHOTOS_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      'Invalid configuration: REPORT_PHOTOS_S3_ENDPOINT needs REPORT_PHOTOS_S3_BUCKET; without it photos are kept in DATA_DIR',
    );
    expect(() =>
      loadConfig({ REPORT_PHOTOS_S3_BUCKET: 'city-photos', AWS_ACCESS_KEY_ID: 'minio' }),
    ).toThrow('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together; set both or neither');
  });

  it('runs on PostgreSQL without AUTH_SECRET: the secret then lives in the database', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/city' });
    expect(config.authSecret).toBeUndefined();
  });

  it.each([
    [
      'AUTH_SECRET',
      'too-short',
      'Invalid configuration: AUTH_SECRET must be at least 32 characters',
    ],
    [
      'SMTP_URL',
      'https://user:pw@mail.example.org',
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL',
    ],
    [
      'SMTP_FROM',
      'not an address',
      'Invalid configuration: SMTP_FROM must be an e-mail address, optionally as "Name <address>" (got "not an address")',
    ],
    [
      'AWS_SECRET_ACCESS_KEY',
      ' ',
      'Invalid configuration: AWS_SECRET_ACCESS_KEY must not be blank',
    ],
  ])('refuses %s=%s without echoing a secret', (name, value, message) => {
    const attempt = () => loadConfig({ [name]: value });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      expect((err as Error).message).toBe(message);
    }
  });
});
