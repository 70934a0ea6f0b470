// Requests per client IP per window, over the SPEC's answer: 429 with 'Please try again in a few
// seconds.' and Retry-After. In distributed mode the replicas share the counts through Redis
// (the platform's WindowLimiter: counted here, added to Redis in batches every 100 ms); in
// embedded mode there is one process and its count is the whole count.
//
// This replaced @fastify/rate-limit, which asked Redis on every request: in bench/cart that
// round trip (a socket write per request) cost the gateway as much CPU as writing its answers.
// The price is that replicas learn each other's counts up to 100 ms late, so a client spread over
// several replicas can pass the limit by what it sent in that moment. Health probes never count,
// nor do the web build's files under /assets: they never reach a service (the budget protects the
// services), and a browser without a warm cache (after a deploy renames them, or with its cache
// turned off) asks for a dozen of them on every admin screen, which spent the owner's budget on
// files: walking the admin's 37 screens in a minute answered 429 from the 32nd on (issue 28).
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { CartMessages } from '@sc/contracts';
import { AppError, countDependencyFailure, redisCounters, WindowLimiter, pinoOf } from '@sc/platform';
import type { GatewayEnv } from './config.js';

const UNCOUNTED = new Set(['/healthz', '/readyz']);

/** The 429 of SPEC 8, with the fields the storefront reads (crumbFail, status, message). */
export function rateLimited(): AppError {
  const message = CartMessages.rateLimited;
  return new AppError('RATE_LIMITED', message, { compat: { crumbFail: false, status: 429, message } });
}

/** Registers the limit; returns the readiness check of its store (always ready in memory). */
export async function registerRateLimit(app: FastifyInstance, config: GatewayEnv): Promise<() => Promise<boolean>> {
  const logger = pinoOf(app.log);
  let redis: Redis | undefined;
  if (config.REDIS_URL) {
    const client = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    client.on('error', (error) => logger.warn({ err: error }, 'rate-limit Redis error'));
    redis = client;
  }
  const limiter = new WindowLimiter({
    max: config.RATE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    ...(redis ? { shared: redisCounters(redis, config.RATE_LIMIT_NAMESPACE) } : {}),
    // A Redis outage must not take the site down: each replica goes on counting on its own.
    onFlushError: (error) => {
      countDependencyFailure('gateway', 'redis', 'local-limit');
      logger.warn({ err: error }, 'rate-limit counts could not be shared; counting locally');
    },
  });
  app.addHook('onClose', async () => {
    limiter.close();
    await redis?.quit().catch(() => redis?.disconnect());
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (UNCOUNTED.has(request.url) || request.url.startsWith('/assets/') || limiter.allow(request.ip)) return done();
    reply.header('retry-after', String(Math.max(1, Math.ceil(limiter.resetInMs(request.ip) / 1000))));
    done(rateLimited());
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
