// The floor of bench/cpu's gateway-bare-route row: the least a proxy on Node can do per request
// (node:http server, one undici keep-alive Pool, headers passed through, the answer read whole
// and written back), with none of the gateway's steps (Fastify, crumb, website, identity, rate
// limit, request id, metrics). What the gateway costs above this is its own work; this much is
// what any Node hop costs on the machine. Prints its URL.
import http from 'node:http';
import { Pool } from 'undici';

const target = process.env.UPSTREAM_URL;
if (!target) throw new Error('UPSTREAM_URL is required');
const pool = new Pool(target, { connections: 128, pipelining: 1, keepAliveTimeout: 60_000 });

const server = http.createServer((request, response) => {
  pool.request({ method: request.method as 'GET', path: request.url ?? '/', headers: request.headers }).then(
    async (upstream) => {
      const body = Buffer.from(await upstream.body.arrayBuffer());
      response.writeHead(upstream.statusCode, {
        'content-type': String(upstream.headers['content-type'] ?? 'application/octet-stream'),
        'content-length': body.length,
      });
      response.end(body);
    },
    () => {
      response.writeHead(502).end();
    },
  );
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void pool.close().then(() => process.exit(0));
});
