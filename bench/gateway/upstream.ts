// The bare route of the gateway benchmark: a plain Fastify app, no platform hooks, answering
// under a prefix the gateway forwards (/api/commerce/*).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/commerce/bench', async () => ({ hello: 'world' }));
// The same call with a body: takes a form-encoded body (read, not parsed) and answers 202, as an
// ingestion route does with nothing to do.
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
app.post('/api/commerce/bench', async (_request, reply) => reply.code(202).send({ accepted: 1 }));
const url = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${url}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
