// A nats-server process of a test's own (JetStream on, its store in a temp dir, a spare port), so
// a test can stop and restart it without touching the shared server.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './index.js';

const CANDIDATES = [process.env.NATS_SERVER_BIN, '/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];

/** The nats-server binary on this machine; throws (so the test fails, not skips) when there is none. */
export function natsServerBinary(): string {
  const found = CANDIDATES.find((p): p is string => !!p && existsSync(p));
  if (!found) throw new Error('nats-server binary not found (set NATS_SERVER_BIN)');
  return found;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export class NatsServerProcess {
  readonly port: number;
  readonly storeDir: string;
  #child: ChildProcess | undefined;

  private constructor(port: number, storeDir: string) {
    this.port = port;
    this.storeDir = storeDir;
  }

  static async start(): Promise<NatsServerProcess> {
    const server = new NatsServerProcess(await freePort(), mkdtempSync(path.join(tmpdir(), 'nats-test-')));
    await server.restart();
    return server;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again, on the same port and store) and waits until it accepts connections. */
  async restart(): Promise<void> {
    if (this.#child) return;
    const child = spawn(natsServerBinary(), ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir], { stdio: 'ignore' });
    this.#child = child;
    child.once('exit', () => {
      if (this.#child === child) this.#child = undefined;
    });
    const deadline = Date.now() + 10_000;
    while (!(await portOpen(this.port))) {
      if (Date.now() > deadline) throw new Error('nats-server did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
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
