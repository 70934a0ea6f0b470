// The gateway: the route table, the crumb, rate limits, request ids, static files and the merged
// API document. It holds no business logic.
import type { FastifyInstance } from 'fastify';
import { createHttpApp, drainingFlag, loadConfig, registerHealth, pinoOf, RedisCache, serviceCachePrefix, type Cache } from '@sc/platform';
import { GatewayEnv } from './config.js';
import { installCrumb } from './crumb.js';
import { registerDocs } from './docs.js';
import { installIdentity, type IdentityStepOptions } from './identity.js';
import { GatewayPageCache } from './page-cache.js';
import { registerProxies } from './proxy.js';
import { registerRateLimit } from './rate-limit.js';
import { registerStaticWithHeaders } from './security-headers.js';
import { installSteps } from './steps.js';
import { installWebsiteResolution, WebsiteResolver } from './website.js';

export interface BuildGatewayOptions {
  config?: GatewayEnv;
  /** The identity step's cache and timeout (tests). */
  identity?: IdentityStepOptions;
  /**
   * Render's cache, where it keeps the website generations (embedded mode hands its in-process
   * cache over); without it the gateway reads them from Redis at REDIS_URL, if set.
   */
  pageGenerations?: Cache;
}

/** The page cache, when the gateway can learn of a website's changes (page-cache.ts). */
function pageCacheOf(app: FastifyInstance, config: GatewayEnv, given: Cache | undefined): GatewayPageCache | undefined {
  if (config.PAGE_CACHE_MAX_BYTES === 0) return undefined;
  let generations = given;
  if (!generations && config.REDIS_URL) {
    const redis = new RedisCache(config.REDIS_URL, { prefix: serviceCachePrefix('render'), logger: pinoOf(app.log) });
    app.addHook('onClose', () => redis.close());
    generations = redis;
  }
  return generations ? new GatewayPageCache({ generations, maxBytes: config.PAGE_CACHE_MAX_BYTES }) : undefined;
}

/** Builds the gateway app (never listens). */
export async function buildGateway(options: BuildGatewayOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig(GatewayEnv);
  const app = await createHttpApp({
    name: 'gateway',
    logLevel: config.LOG_LEVEL,
    // Spans only when they are exported: without an endpoint nobody reads the gateway's spans,
    // and a caller's traceparent is passed on unchanged (services start the trace otherwise).
    tracing: config.OTEL_EXPORTER_OTLP_ENDPOINT ? 'on-request' : 'off',
    fastify: {
      trustProxy: config.TRUSTED_PROXIES ?? config.TRUST_PROXY,
      bodyLimit: config.BODY_LIMIT_BYTES,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
    },
  });
  const rateLimitReady = await registerRateLimit(app, config);
  installCrumb(app);
  installWebsiteResolution(app);
  const identities = installIdentity(app, config, options.identity);
  installSteps(app, {
    websites: new WebsiteResolver({
      contentUrl: config.CONTENT_URL,
      fallbackWebsiteId: config.FALLBACK_WEBSITE_ID,
      ttlMs: config.WEBSITE_CACHE_TTL_MS,
      signingKey: config.IDENTITY_SIGNING_KEY,
      publicUrl: config.PUBLIC_URL,
      logger: pinoOf(app.log),
    }),
    fallbackWebsiteId: config.FALLBACK_WEBSITE_ID,
    identities,
    signingKey: config.IDENTITY_SIGNING_KEY,
  });
  // Redis is a cache (rate limits fall back to local counts): advisory, never a reason to leave the Service.
  registerHealth(app, {}, drainingFlag(app), { rateLimitStore: rateLimitReady });
  await registerDocs(app, config);
  await registerStaticWithHeaders(app, config.WEB_DIST);
  await registerProxies(app, config, pageCacheOf(app, config, options.pageGenerations));
  return app;
}
