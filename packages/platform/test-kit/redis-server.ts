// A redis-server process of a test's own (no persistence, a spare port), so a test can stop it
// without touching the shared server (a Redis outage, issue 39).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { freePort } from './index.js';

const CANDIDATES = [process.env.REDIS_SERVER_BIN, '/usr/bin/redis-server', '/usr/sbin/redis-server', '/usr/local/bin/redis-server'];

/** The redis-server binary on this machine; throws (so the test fails, not skips) when there is none. */
export function redisServerBinary(): string {
  const found = CANDIDATES.find((p): p is string => !!p && existsSync(p));
  if (!found) throw new Error('redis-server binary not found (set REDIS_SERVER_BIN)');
  return found;
}

const portOpen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export class RedisServerProcess {
  readonly port: number;
  #child: ChildProcess | undefined;

  private constructor(port: number) {
    this.port = port;
  }

  static async start(): Promise<RedisServerProcess> {
    const server = new RedisServerProcess(await freePort());
    await server.restart();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again, on the same port, empty) and waits until it accepts connections. */
  async restart(): Promise<void> {
    if (this.#child) return;
    const child = spawn(redisServerBinary(), ['--bind', '127.0.0.1', '--port', String(this.port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    this.#child = child;
    child.once('exit', () => {
      if (this.#child === child) this.#child = undefined;
    });
    const deadline = Date.now() + 10_000;
    while (!(await portOpen(this.port))) {
      if (Date.now() > deadline) throw new Error('redis-server did not start');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Stops the server and waits for the process to exit. */
  async stop(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.#child = undefined;
  }
}
