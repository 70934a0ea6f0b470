// Requests per client IP per window, counted in Redis in distributed mode (so every gateway
// replica shares the count) and in memory in embedded mode. Over the limit: 429 with the SPEC text.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { CartMessages } from '@sc/contracts';
import { AppError } from '@sc/platform';
import type { GatewayEnv } from './config.js';

/** Registers the limit; returns the readiness check of its store (always ready in memory). */
export async function registerRateLimit(app: FastifyInstance, config: GatewayEnv): Promise<() => Promise<boolean>> {
  let redis: Redis | undefined;
  if (config.REDIS_URL) {
    const client = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    client.on('error', (error) => app.log.warn({ err: error }, 'rate-limit Redis error'));
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
    redis = client;
  }
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    ...(redis ? { redis, nameSpace: config.RATE_LIMIT_NAMESPACE } : {}),
    // A Redis outage must not take the site down: let requests through while it is away.
    skipOnError: true,
    allowList: (request) => request.url === '/healthz' || request.url === '/readyz',
    errorResponseBuilder: () => {
      const message = CartMessages.rateLimited;
      return new AppError('RATE_LIMITED', message, { compat: { crumbFail: false, status: 429, message } });
    },
  });
  const client = redis;
  if (!client) return async () => true;
  return async () => {
    try {
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    }
  };
}
