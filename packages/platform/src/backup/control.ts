// The embedded process's control socket: a Unix socket in DATA_DIR (mode 0600), through which
// `pnpm backup` asks the running platform for a consistent copy instead of reading files that are
// being written. Only the user who owns the data directory can connect, and that user can already
// read every file of it, so the socket gives nobody anything new; it is never a TCP port.
// It also tells a second `pnpm start` on the same DATA_DIR that the directory is in use (two
// PGlite processes on one data directory would corrupt it).
import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from '../logger.js';
import { writeBackup, type BackupSource } from './embedded-backup.js';

/** The control socket of the embedded platform that uses `dataDir`. */
export function controlSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'control.sock');
}

// Unix socket paths are limited to about 107 bytes (sun_path).
const MAX_SOCKET_PATH = 100;

/** Does a process answer on the socket? (false for a missing socket or one left by a killed process) */
export function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * Serves `GET /backup` (a gzipped tar, see embedded-backup.ts) on the control socket of `dataDir`.
 * Answers the function that closes it, or undefined when the path is too long for a socket.
 */
export async function serveControl(dataDir: string, source: BackupSource, logger: Logger): Promise<(() => Promise<void>) | undefined> {
  const socketPath = controlSocketPath(dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) {
    logger.warn(
      { socketPath },
      'DATA_DIR is too long a path for the control socket: `pnpm backup` cannot copy this platform while it runs',
    );
    return undefined;
  }
  if (await socketAnswers(socketPath))
    throw new DataDirInUseError(`Another process is running on ${path.resolve(dataDir)} (its control socket answers); stop it first.`);
  await rm(socketPath, { force: true });
  let busy = false;
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    // One backup at a time: each holds a copy of the database in memory.
    if (busy) {
      response.writeHead(409, { 'content-type': 'text/plain' }).end('A backup is already being made.');
      return;
    }
    busy = true;
    const started = Date.now();
    response.writeHead(200, { 'content-type': 'application/gzip' });
    writeBackup(source, response)
      .then((manifest) => {
        const figures = { ms: Date.now() - started, database: manifest.postgres.bytes, assets: manifest.assets.files };
        if (manifest.settled) logger.info(figures, 'backup written');
        else
          logger.warn(
            figures,
            'backup written while events were still being handled (manifest.settled false): a read model of the copy may miss them until `pnpm read-models rebuild`',
          );
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'backup failed');
        response.destroy(error as Error);
      })
      .finally(() => (busy = false));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(socketPath, { force: true });
  };
}

/** Asks the platform running on `dataDir` for a backup; answers its body stream (gzipped tar). */
export function requestBackup(dataDir: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: controlSocketPath(dataDir), path: '/backup', method: 'GET' }, (response) => {
      if (response.statusCode === 200) return resolve(response);
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => reject(new Error(`the running platform refused: ${response.statusCode} ${text}`)));
    });
    request.once('error', reject);
    request.end();
  });
}
