// The shared runtime of every service and the gateway.
export * from './config.js';
export * from './logger.js';
export * from './errors.js';
export * from './bus/index.js';
export * from './cache/index.js';
export { EmbeddedPostgres, openEmbedded, openPostgres, type Database } from './database/database.js';
export { Mutex } from './database/serialized-pglite.js';
export { migrateToLatest, type Migrations } from './database/migrate.js';
export * from './outbox/index.js';
export * from './telemetry.js';
export { createHttpApp, type App, type ZodApp, type HttpAppOptions } from './http/app.js';
export { registerHealth, type ReadinessCheck } from './http/health.js';
export { closeOnSignals, drainingFlag } from './http/shutdown.js';
export { IN_MEMORY_DATA_DIR, openServiceInfra, openEmbeddedPostgres, type SharedInfra, type ServiceInfra } from './infra.js';
export * from './service.js';
export * from './auth/index.js';
export * from './pagination.js';
export * from './mail/index.js';
