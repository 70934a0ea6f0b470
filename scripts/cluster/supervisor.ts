// What `pnpm start:cluster` does with its processes (issue 39): a process that exits is started
// again after a back-off (0.5 s doubling to 10 s, back to 0.5 s once it has run a minute), and
// only stop() (Ctrl-C) ends them. Before, one exit stopped all eight. Each start gets an instance
// id of its own, which the process shows on /readyz (SC_INSTANCE_ID), so the launcher can tell
// its own services from another deployment's answering on the same ports.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Where the process's lines go (prefixed by the caller); default: this process's stdout and stderr. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
}

export interface SupervisorOptions {
  /** Id of this launcher run; each start's instance id is `<cluster>:<name>:<start number>`. */
  clusterId: string;
  firstBackoffMs?: number;
  maxBackoffMs?: number;
  /** A run this long resets the back-off. */
  stableAfterMs?: number;
  log?: (message: string) => void;
}

/** The delay before restart number `failures` (1 = the first restart after a quick exit). */
export function backoffMs(failures: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, failures - 1));
}

interface Supervised {
  spec: ProcessSpec;
  child: ChildProcess | undefined;
  starts: number;
  failures: number;
  startedAt: number;
  timer: NodeJS.Timeout | undefined;
  instance: string;
}

export class Supervisor {
  readonly #options: Required<SupervisorOptions>;
  readonly #processes = new Map<string, Supervised>();
  #stopping = false;

  constructor(options: SupervisorOptions) {
    this.#options = {
      firstBackoffMs: 500,
      maxBackoffMs: 10_000,
      stableAfterMs: 60_000,
      log: (m) => process.stderr.write(`${m}\n`),
      ...options,
    };
  }

  /** Starts `spec` and keeps it running until stop(). */
  add(spec: ProcessSpec): void {
    if (this.#stopping) throw new Error('stopping');
    const entry: Supervised = { spec, child: undefined, starts: 0, failures: 0, startedAt: 0, timer: undefined, instance: '' };
    this.#processes.set(spec.name, entry);
    this.#start(entry);
  }

  /** The instance id the named process's current start shows on /readyz. */
  instanceOf(name: string): string | undefined {
    return this.#processes.get(name)?.instance;
  }

  /** How many times the named process has been started. */
  startsOf(name: string): number {
    return this.#processes.get(name)?.starts ?? 0;
  }

  get stopping(): boolean {
    return this.#stopping;
  }

  /** Stops every process (SIGTERM) and waits for them; nothing is restarted after this. */
  async stop(): Promise<void> {
    this.#stopping = true;
    const exits: Array<Promise<unknown>> = [];
    for (const entry of this.#processes.values()) {
      clearTimeout(entry.timer);
      const child = entry.child;
      if (child && child.exitCode === null && child.signalCode === null) {
        exits.push(new Promise((resolve) => child.once('exit', resolve)));
        child.kill('SIGTERM');
      }
    }
    await Promise.all(exits);
  }

  #start(entry: Supervised): void {
    if (this.#stopping) return;
    entry.starts++;
    entry.instance = `${this.#options.clusterId}:${entry.spec.name}:${entry.starts}`;
    entry.startedAt = Date.now();
    const child = spawn(entry.spec.command, entry.spec.args, {
      cwd: entry.spec.cwd,
      env: { ...entry.spec.env, SC_INSTANCE_ID: entry.instance },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    entry.child = child;
    const forward = (stream: NodeJS.ReadableStream | null, which: 'stdout' | 'stderr') => {
      if (!stream) return;
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines)
          (entry.spec.onLine ?? ((l, s) => (s === 'stdout' ? process.stdout : process.stderr).write(`${l}\n`)))(line, which);
      });
    };
    forward(child.stdout, 'stdout');
    forward(child.stderr, 'stderr');
    child.on('error', (error) => this.#options.log(`[${entry.spec.name}] could not start: ${error.message}`));
    child.on('exit', (code, signal) => {
      if (entry.child === child) entry.child = undefined;
      if (this.#stopping) return;
      const ranMs = Date.now() - entry.startedAt;
      entry.failures = ranMs >= this.#options.stableAfterMs ? 1 : entry.failures + 1;
      const delay = backoffMs(entry.failures, this.#options.firstBackoffMs, this.#options.maxBackoffMs);
      this.#options.log(
        `[${entry.spec.name}] exited (${signal ?? code}) after ${(ranMs / 1000).toFixed(1)} s; starting it again in ${(delay / 1000).toFixed(1)} s`,
      );
      entry.timer = setTimeout(() => this.#start(entry), delay);
    });
  }
}

/**
 * Waits until `url`/readyz answers 200 from the process with `instance()` (read on each try: a
 * restart changes it). A ready answer from another instance is another deployment on the port:
 * reported once, and waited past (it may be the previous start still draining).
 */
export async function waitReadyAs(
  url: string,
  instance: () => string | undefined,
  timeoutMs: number,
  options: { stopping?: () => boolean; log?: (message: string) => void } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let warned = false;
  let foreign: string | undefined;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) });
      const body = (await response.json().catch(() => ({}))) as { instance?: unknown };
      if (response.ok && body.instance === instance()) return;
      // Any other answer from /readyz is another process: another instance, or one that names none.
      if (body.instance !== instance() && (typeof body.instance === 'string' || response.ok)) {
        foreign = typeof body.instance === 'string' ? body.instance : 'unnamed';
        if (!warned)
          options.log?.(`${url} answers as ${foreign}, not as this cluster's ${instance() ?? '?'}: another deployment on the port?`);
        warned = true;
      }
    } catch {
      // not listening yet
    }
    if (options.stopping?.()) throw new Error('stopping');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    foreign ? `${url} is another process (instance ${foreign}): free the port or set PORT` : `${url} was not ready after ${timeoutMs} ms`,
  );
}
