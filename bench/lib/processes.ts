// The benchmarks' process launcher: each server under test runs as its own OS process (started
// from TypeScript with tsx, as `pnpm start:cluster` does), so the load generator in the
// benchmark's own process never shares an event loop with what it measures.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export class BenchProcesses {
  /** Every process started, oldest first. */
  readonly children: ChildProcess[] = [];

  /**
   * Starts `entry` (a file of this repository) and resolves with the first capture group of
   * `ready` once the process's standard output matches it; rejects if the process exits first.
   * `nodeArgs` go to node before the entry (e.g. --cpu-prof, which NODE_OPTIONS refuses); `cwd`
   * is another checkout's root when the entry is that checkout's (a before/after).
   */
  start(entry: string, env: Record<string, string>, ready: RegExp, nodeArgs: string[] = [], cwd: string = REPO_ROOT): Promise<string> {
    const child = spawn(process.execPath, [...nodeArgs, '--conditions=@sc/source', '--import', 'tsx', entry], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.children.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = ready.exec(out);
        if (match) resolve(match[1] ?? '');
      });
      child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
    });
  }

  /** Asks every process to stop (SIGTERM: they drain and exit). */
  stopAll(): void {
    for (const child of this.children) child.kill('SIGTERM');
  }

  /** Stops every process and waits until they have exited (CPU profiles are written on exit), at most `timeoutMs`. */
  async stopAndWait(timeoutMs = 15_000): Promise<void> {
    const running = this.children.filter((child) => child.exitCode === null && child.signalCode === null);
    const exits = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
    for (const child of running) child.kill('SIGTERM');
    await Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    this.children.length = 0;
  }
}

/** Waits until `url`/healthz answers 200, polling every 100 ms, for at most `timeoutMs`. */
export async function waitHealthy(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become healthy`);
}
