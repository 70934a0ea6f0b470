// `pnpm read-models status|rebuild [service...]`: where each durable consumer (and the read model
// it feeds) stands, and rebuilding them from their source's event stream. Distributed mode
// (DATABASE_URL and NATS_URL set, as for `pnpm seed`): JetStream keeps every event, so a rebuild
// forgets which events the service handled and has the consumer read its stream from the start;
// each event is applied again idempotently (version checks keep newer rows). The running services
// pick the new position up by themselves; this command waits until the backlog is gone.
// Without durables named, a rebuild replays the consumers that declare a read model (cart and
// restock catalog, analytics dimensions, render page cache): a consumer that counts or sends per
// event is replayed only when named.
//   pnpm read-models status                 every service
//   pnpm read-models rebuild                every service's read models
//   pnpm read-models rebuild cart           cart's read models (cart-catalog)
//   pnpm read-models rebuild cart cart-identity
import { SERVICE_NAMES, loadConfig, runMain, serviceEnv, type ConsumerStatus, type ServiceName } from '@sc/platform';
import { SERVICES } from './services.js';

const [command, ...rest] = process.argv.slice(2);
const isService = (name: string | undefined): name is ServiceName => SERVICE_NAMES.includes(name as ServiceName);

const show = (service: string, statuses: ConsumerStatus[]): void => {
  for (const s of statuses) {
    process.stdout.write(
      `${service.padEnd(10)} ${s.durable.padEnd(36)} ${s.state.padEnd(7)} pending ${String(s.pending).padStart(6)}  delivered ${s.delivered}${s.readModel ? `  (${s.readModel})` : ''}\n`,
    );
  }
};

await runMain(async () => {
  if (command !== 'status' && command !== 'rebuild') throw new Error('usage: pnpm read-models status|rebuild [service [durable...]]');
  if (!process.env.DATABASE_URL || !process.env.NATS_URL) {
    throw new Error('DATABASE_URL and NATS_URL must be set: embedded mode keeps its read models beside their sources in one process');
  }
  const services = command === 'rebuild' && isService(rest[0]) ? [rest[0]] : rest.length > 0 ? rest : SERVICE_NAMES;
  const durables = command === 'rebuild' && rest.length > 1 ? rest.slice(1) : undefined;
  for (const name of services) {
    if (!isService(name)) throw new Error(`unknown service ${name} (one of ${SERVICE_NAMES.join(', ')})`);
    // No port of its own, quiet logs; it joins the service's durables as one more replica.
    const config = loadConfig(serviceEnv(0), { ...process.env, PORT: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
    const app = await SERVICES[name]({ config, relay: { autoStart: false } });
    try {
      await app.ready();
      const models = app.readModels;
      if (!models) throw new Error(`${name} has no read models`);
      if (command === 'rebuild') {
        const replayed = await models.rebuild(durables);
        process.stdout.write(`${name}: replaying ${replayed.join(', ') || 'nothing'}\n`);
        const deadline = Date.now() + Number(process.env.REBUILD_TIMEOUT_MS ?? 600_000);
        for (;;) {
          const statuses = (await models.status()).filter((s) => replayed.includes(s.durable));
          if (statuses.every((s) => s.pending === 0)) break;
          if (Date.now() > deadline)
            throw new Error(
              `${name}: the replay is still running (${statuses.map((s) => `${s.durable} ${s.pending}`).join(', ')}); it goes on in the services`,
            );
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
      show(name, await models.status());
    } finally {
      await app.close();
    }
  }
});
