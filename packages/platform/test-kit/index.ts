// Helpers shared by the test suites: configuration from the environment (real servers when their
// URLs are set, embedded implementations otherwise), waiting, and free ports.
import { createServer } from 'node:net';
import { serviceEnv, type ServiceEnv } from '../src/config.js';

/** A service configuration for tests: the real servers' URLs when set, quiet logs. */
export function testConfig(port = 0, overrides: Partial<ServiceEnv> = {}): ServiceEnv {
  return serviceEnv(port).parse({
    DATABASE_URL: process.env.DATABASE_URL,
    NATS_URL: process.env.NATS_URL,
    REDIS_URL: process.env.REDIS_URL,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Each test's embedded database lives in memory: nothing leaks between runs or files.
    DATA_DIR: ':memory:',
    PORT: String(port),
    ...overrides,
  });
}

/** Which implementations this run uses, for test names. */
export const mode = {
  database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
  bus: process.env.NATS_URL ? 'nats' : 'memory',
  cache: process.env.REDIS_URL ? 'redis' : 'memory',
};

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A short unique suffix for names (websites, consumers) so parallel tests never collide. */
export const unique = (prefix: string): string => `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
export { pngImage } from './png.js';
