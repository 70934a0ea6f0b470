// The built web app: /assets/* and the admin app under /config (its index.html for every /config
// path, so client-side routes survive a reload).
//
// Assets go out compressed when the browser takes it (brotli, else gzip): each file is compressed
// once, on its first request, and kept in memory (the build is a few hundred kilobytes; a file
// replaced by a new build has another name or another mtime, so a stale copy is never sent).
// Vite's hashed files are cached by browsers for a year; the few unhashed ones (the installment
// information pages) for an hour, revalidated by ETag.
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '@sc/platform';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type Encoding = 'br' | 'gzip';

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** Text formats worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.map', '.svg', '.txt', '.xml']);
/** Below this a compressed body saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;
/** The compressed copies kept in memory, at most. */
const CACHE_LIMIT_BYTES = 64 * 1024 * 1024;

const YEAR = 'public, max-age=31536000, immutable';
const HOUR = 'public, max-age=3600';

/** Whether a file name carries Vite's content hash ('product-form-Bc3dE_fG.js'). */
export const isHashed = (file: string): boolean => /-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/.test(path.basename(file));

/**
 * The encoding to send for an Accept-Encoding header: brotli when accepted, else gzip, else none.
 * `q=0` refuses an encoding; `*` accepts any not named.
 */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const quality = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    quality.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (name: Encoding) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Compressed copies of asset files, made once each. */
class CompressedCopies {
  readonly #copies = new Map<string, Promise<Buffer>>();
  #bytes = 0;

  get(file: string, version: string, encoding: Encoding, raw: () => Promise<Buffer>): Promise<Buffer> {
    const key = `${file}\u0000${version}\u0000${encoding}`;
    const known = this.#copies.get(key);
    if (known) return known;
    const made = (async () => {
      const body = await raw();
      const out =
        encoding === 'br'
          ? await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
          : await gzipped(body, { level: 9 });
      this.#bytes += out.length;
      return out;
    })();
    // A failed compression is not remembered; the next request tries again.
    made.catch(() => this.#copies.delete(key));
    if (this.#bytes < CACHE_LIMIT_BYTES) this.#copies.set(key, made);
    return made;
  }
}

/** The asset file a request names, inside `root`; undefined for anything outside it. */
function assetFile(root: string, wildcard: string): string | undefined {
  let relative: string;
  try {
    relative = decodeURIComponent(wildcard);
  } catch {
    return undefined;
  }
  if (relative.includes('\0')) return undefined;
  const file = path.resolve(root, relative);
  return file.startsWith(`${root}${path.sep}`) ? file : undefined;
}

function registerAssets(app: FastifyInstance, root: string): void {
  const copies = new CompressedCopies();
  const notFound = (reply: FastifyReply) => reply.status(404).send(errorBody('NOT_FOUND', 'No such asset.'));

  app.get('/assets/*', async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    const file = assetFile(root, request.params['*']);
    if (!file) return notFound(reply);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return notFound(reply);
    const extension = path.extname(file).toLowerCase();
    const compressible = COMPRESSIBLE.has(extension) && info.size >= MIN_COMPRESS_BYTES;
    const encoding = compressible ? chooseEncoding(request.headers['accept-encoding']) : null;
    const version = `${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}`;
    // One validator per representation: a cache must not answer a gzip request with brotli.
    const etag = `"${version}${encoding ? `-${encoding}` : ''}"`;
    reply.header('cache-control', isHashed(file) ? YEAR : HOUR);
    reply.header('etag', etag);
    reply.header('last-modified', info.mtime.toUTCString());
    reply.header('content-type', TYPES[extension] ?? 'application/octet-stream');
    reply.header('x-content-type-options', 'nosniff');
    if (compressible) reply.header('vary', 'Accept-Encoding');
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
    const raw = () => readFile(file);
    if (!encoding) return reply.send(await raw());
    const body = await copies.get(file, version, encoding, raw);
    reply.header('content-encoding', encoding);
    return reply.send(body);
  });
}

export async function registerStatic(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  const assets = path.join(root, 'assets');
  if (existsSync(assets)) {
    registerAssets(app, assets);
  } else {
    app.get('/assets/*', async (_request, reply) =>
      reply.status(404).send(errorBody('NOT_FOUND', 'The web app has not been built (web/dist is missing).')),
    );
  }
  const adminIndex = path.join(root, 'config.html');
  const sendAdmin = async (_request: unknown, reply: FastifyReply) => {
    if (!existsSync(adminIndex))
      return reply.status(404).send(errorBody('NOT_FOUND', 'The admin app has not been built (web/dist is missing).'));
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await readFile(adminIndex));
  };
  app.get('/config', sendAdmin);
  app.get('/config/*', sendAdmin);
}
