import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig, serviceEnv } from '../src/config.js';

describe('loadConfig', () => {
  const schema = serviceEnv(4101);

  it('applies defaults when nothing is set', () => {
    const config = loadConfig(schema, {});
    expect(config).toMatchObject({ PORT: 4101, HOST: '127.0.0.1', DATA_DIR: '.data', LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig(schema, { DATABASE_URL: '', NATS_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names the bad variable and its value in one line', () => {
    let caught: unknown;
    try {
      loadConfig(schema, { DATABASE_URL: 'nonsense' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as Error).message).toBe('Invalid environment: DATABASE_URL must be a postgres:// URL (got "nonsense")');
  });

  it('lists every bad variable', () => {
    let message = '';
    try {
      loadConfig(schema, { PORT: 'x', NATS_URL: 'http://a', REDIS_URL: 'nope' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('NATS_URL must be a nats:// URL (got "http://a")');
    expect(message).toContain('REDIS_URL must be a redis:// URL (got "nope")');
    expect(message).not.toContain('\n');
  });

  it('never prints a secret or a password from a bad value', () => {
    let message = '';
    try {
      loadConfig(schema, { IDENTITY_SIGNING_KEY: 'short-secret', DATABASE_URL: 'mysql://admin:hunter2@db/x' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('IDENTITY_SIGNING_KEY must be at least 32 characters (got a value of 12 characters)');
    expect(message).toContain('DATABASE_URL must be a postgres:// URL (got "mysql://admin:***@db/x")');
    expect(message).not.toContain('short-secret');
    expect(message).not.toContain('hunter2');
  });

  it('accepts real URLs', () => {
    const config = loadConfig(schema, {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      NATS_URL: 'nats://127.0.0.1:4222',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PORT: '9000',
    });
    expect(config.PORT).toBe(9000);
    expect(config.NATS_URL).toBe('nats://127.0.0.1:4222');
  });
});
