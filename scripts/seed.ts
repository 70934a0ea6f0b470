// `pnpm seed`: writes the demo website into the databases of distributed mode (DATABASE_URL).
// Each service seeds its own schema (idempotently) and announces the data through its outbox.
import { SERVICE_NAMES, createLogger, loadConfig, runMain, serviceEnv } from '@sc/platform';
import { SERVICES } from './services.js';

await runMain(async () => {
  const log = createLogger('seed');
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL must be set: embedded mode seeds itself on first start');
  for (const name of SERVICE_NAMES) {
    const config = loadConfig(serviceEnv(0), { ...process.env, PORT: '0' });
    const app = await SERVICES[name]({ config, seedDemo: true });
    // Let the relay publish what the seed wrote before closing.
    await app.ready();
    await app.serviceContext?.relay.publishBatch().catch(() => 0);
    await app.close();
    log.info(`seeded ${name}`);
  }
});
