// The deployment prefix of JetStream names. Stream and consumer names are global on a NATS
// server: without a prefix, a second deployment (another database, a restored copy, a test run)
// on the same server shares the first one's streams and durables, and whichever process holds a
// durable takes its events. The default is derived from the database the events belong to, so
// deployments that do not share a database never share a stream, and a restart keeps its names.
import { createHash } from 'node:crypto';
import path from 'node:path';

/** The variables the prefix depends on (BaseEnv). */
export interface PrefixSource {
  NATS_PREFIX?: string | undefined;
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}

/** NATS_PREFIX when set, else `<database name>_<8 hex of host, port and database>`. */
export function natsPrefix(config: PrefixSource): string {
  if (config.NATS_PREFIX) return config.NATS_PREFIX;
  let label: string;
  let identity: string;
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
    label = database;
    identity = `postgres:${url.hostname}:${url.port || '5432'}/${database}`;
  } else {
    label = 'embedded';
    identity = `pglite:${config.DATA_DIR === ':memory:' ? ':memory:' : path.resolve(config.DATA_DIR)}`;
  }
  const hash = createHash('sha256').update(identity).digest('hex').slice(0, 8);
  return `${label.replace(/[^A-Za-z0-9]+/g, '_').slice(0, 20)}_${hash}`;
}
