// The shared runtime of every service and the gateway.
export * from './config.js';
export * from './logger.js';
export * from './errors.js';
export * from './bus/index.js';
export * from './cache/index.js';
export { EmbeddedPostgres, openEmbedded, openPostgres, type Database } from './database/database.js';
export { Mutex } from './database/serialized-pglite.js';
export { transactionRetryingLostConnection, type RetryOptions } from './database/retry.js';
export { migrateToLatest, type Migrations } from './database/migrate.js';
export { jsonb, withTables } from './database/tables.js';
export * from './outbox/index.js';
export * from './telemetry.js';
export { createHttpApp, type App, type ZodApp, type HttpAppOptions } from './http/app.js';
export { INSTANCE_ID, registerHealth, type ReadinessCheck } from './http/health.js';
export { useSecurityHeaders, type SecurityHeaderOptions } from './http/security-headers.js';
export { closeOnSignals, drainingFlag } from './http/shutdown.js';
export { cookieOf } from './http/cookies.js';
export { ReplicaFetch, replicaUrls } from './http/replicas.js';
export { DEFAULT_PUBLIC_URL, isOrigin, isWebsiteDomain, websiteOrigin } from './http/website-origin.js';
export { checkRequestInput, inputProblem, installInputGuard, MAX_URL_VALUE_LENGTH, type InputProblem } from './http/input-guard.js';
export { IN_MEMORY_DATA_DIR, openServiceInfra, openEmbeddedPostgres, type SharedInfra, type ServiceInfra } from './infra.js';
export * from './service.js';
export * from './auth/index.js';
export * from './pagination.js';
export * from './csv.js';
export * from './mail/index.js';
export * from './captcha/index.js';
export * from './backup/index.js';
export { WindowLimiter, redisCounters, type SharedCounters, type WindowLimiterOptions } from './limits/window-limiter.js';
export {
  countDependencyFailure,
  countingCache,
  instrumentHttp,
  metricsRegistry,
  registerServiceMetrics,
  serveMetrics,
  startMetricsServer,
  type ServiceMetricsSource,
} from './metrics.js';
export { consumerStatuses, replayConsumers, DEFAULT_MAX_CONSUMER_LAG, type ConsumerState, type ConsumerStatus } from './read-models.js';
export { emailPattern, eraseEmail, erasureConsumer, erasureConsumerName, scrubEmail, type EraseRules } from './privacy/erase.js';
export {
  purgeConsumerName,
  purgeWebsiteRows,
  websitePurgeConsumer,
  websiteTables,
  WEBSITE_PURGED,
  type PurgeRules,
} from './privacy/purge-website.js';
