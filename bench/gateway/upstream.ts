// The bare route of the gateway benchmark: a plain Fastify app, no platform hooks, answering
// under a prefix the gateway forwards (/api/commerce/*).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/commerce/bench', async () => ({ hello: 'world' }));
const url = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${url}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
