// The built web app: /assets/* (hashed, cached for a year) and the admin app under /config
// (its index.html for every /config path, so client-side routes survive a reload).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from '@sc/platform';

export async function registerStatic(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  const assets = path.join(root, 'assets');
  if (existsSync(assets)) {
    await app.register(fastifyStatic, { root: assets, prefix: '/assets/', decorateReply: false, immutable: true, maxAge: '365d' });
  } else {
    app.get('/assets/*', async (_request, reply) => reply.status(404).send(errorBody('NOT_FOUND', 'The web app has not been built (web/dist is missing).')));
  }
  const adminIndex = path.join(root, 'config.html');
  const sendAdmin = async (_request: unknown, reply: FastifyReply) => {
    if (!existsSync(adminIndex)) return reply.status(404).send(errorBody('NOT_FOUND', 'The admin app has not been built (web/dist is missing).'));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(await readFile(adminIndex));
  };
  app.get('/config', sendAdmin);
  app.get('/config/*', sendAdmin);
}
