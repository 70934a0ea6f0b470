// Choosing the adapters from the configuration: each URL that is set selects the real server,
// each one that is not selects the embedded implementation. Embedded mode shares one PGlite,
// one in-process bus and one in-memory cache across all services of the process.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { BaseEnv } from './config.js';
import { MemoryBus, NatsBus, natsPrefix, type EventBus } from './bus/index.js';
import { MemoryCache, RedisCache, serviceCachePrefix, type Cache } from './cache/index.js';
import { EmbeddedPostgres, openEmbedded, openPostgres, type Database } from './database/database.js';
import type { Logger } from './logger.js';
import { countDependencyFailure } from './metrics.js';

/** The resources of one process in embedded mode, shared by the services it runs. */
export interface SharedInfra {
  embedded?: EmbeddedPostgres;
  bus?: EventBus;
  cache?: Cache;
}

export interface ServiceInfra<DB = unknown> {
  database: Database<DB>;
  bus: EventBus;
  cache: Cache;
  /** Closes what this service opened itself (never the shared pieces). */
  close(): Promise<void>;
}

/** DATA_DIR value for a database that lives in memory only (tests, throw-away demos). */
export const IN_MEMORY_DATA_DIR = ':memory:';

/** Opens the embedded database under `dataDir`/pg, or in memory for ':memory:'. */
export async function openEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  if (dataDir === IN_MEMORY_DATA_DIR) return EmbeddedPostgres.open();
  mkdirSync(dataDir, { recursive: true });
  return EmbeddedPostgres.open(path.resolve(dataDir, 'pg'));
}

/** Opens the database, bus and cache a service's configuration asks for. */
export async function openServiceInfra<DB>(
  name: string,
  config: BaseEnv,
  logger: Logger,
  shared: SharedInfra = {},
): Promise<ServiceInfra<DB>> {
  const owned: Array<() => Promise<void>> = [];
  let database: Database<DB>;
  if (config.DATABASE_URL) {
    database = openPostgres<DB>(config.DATABASE_URL, name, logger);
  } else {
    let embedded = shared.embedded;
    if (!embedded) {
      const opened = await openEmbeddedPostgres(config.DATA_DIR);
      owned.push(() => opened.close());
      embedded = opened;
    }
    database = openEmbedded<DB>(embedded, name);
  }
  owned.unshift(() => database.close());

  let bus = shared.bus;
  if (!bus) {
    const mine: EventBus = config.NATS_URL
      ? new NatsBus({ url: config.NATS_URL, name, logger, prefix: natsPrefix(config) })
      : new MemoryBus({ logger });
    owned.unshift(() => mine.close());
    bus = mine;
  }
  let cache = shared.cache;
  if (!cache) {
    const mine: Cache = config.REDIS_URL
      ? new RedisCache(config.REDIS_URL, {
          prefix: serviceCachePrefix(name),
          logger,
          onFallback: (fallback) => countDependencyFailure(name, 'redis', fallback),
        })
      : new MemoryCache();
    owned.push(() => mine.close());
    cache = mine;
  }
  return {
    database,
    bus,
    cache,
    close: async () => {
      for (const close of owned) await close().catch((error: unknown) => logger.warn({ err: error }, 'close failed'));
    },
  };
}
