// Running the platform's entry points as real processes, the way a user or Kubernetes does.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `entry` (a TypeScript file of this repo) with tsx, as `pnpm start` does. */
export function startProcess(entry: string, env: Record<string, string | undefined>, args: string[] = []): Running {
  const child = spawn(process.execPath, ['--conditions=@sc/source', '--import', 'tsx', entry, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Polls `url` until it answers (any status), or fails after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url, { signal: AbortSignal.timeout(1_000) });
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
