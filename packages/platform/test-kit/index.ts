// Helpers shared by the test suites: configuration from the environment (real servers when their
// URLs are set, embedded implementations otherwise), waiting, and free ports.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { IDENTITY_HEADER } from '@sc/contracts';
import { signIdentity } from '../src/auth/identity-header.js';
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
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
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
export { noisyPngImage, pngImage } from './png.js';
export { unzipFiles } from './zip.js';

/**
 * The headers of a request as the gateway forwards it: unless they already carry a signed
 * identity, a visitor's is signed for their X-Website-Id and X-Request-Id (made when missing), with
 * the client address taken from the last X-Forwarded-For entry a test set. Services with a signing
 * key answer nothing else (packages/platform/src/auth/gateway-only.ts).
 */
export function asFromGateway(headers: Record<string, string>, key: string): Record<string, string> {
  if (headers[IDENTITY_HEADER]) return headers;
  const requestId = headers['x-request-id'] ?? randomUUID();
  const websiteId = headers['x-website-id'] ?? 'default';
  const clientAddress = headers['x-forwarded-for']?.split(',').pop()?.trim();
  const identity = {
    v: 1 as const,
    kind: 'visitor' as const,
    websiteId,
    requestId,
    issuedAt: Date.now(),
    roles: [],
    ...(clientAddress ? { clientAddress } : {}),
  };
  return { ...headers, 'x-request-id': requestId, ...signIdentity(identity, key) };
}
