// CPU time of processes on this machine (Linux /proc), so a benchmark can say what a request
// costs each part (microseconds of CPU per request) beside the throughput, which on a shared
// machine moves with everyone else's load while CPU per request mostly does not.
import { readFileSync } from 'node:fs';
import type pg from 'pg';

const TICKS_PER_SECOND = 100;

/** User plus system CPU milliseconds of a process so far; 0 when it is gone or /proc is missing. */
export function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The pids of the Postgres backends connected to `database` (the server must run on this machine). */
export async function postgresBackends(admin: pg.Client, database: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
  return rows.map((r) => r.pid);
}

/** CPU milliseconds used by named groups of processes between `start()` and `stop()`. */
export class CpuMeter {
  readonly #groups: Record<string, () => Promise<number[]> | number[]>;
  #before = new Map<number, number>();

  constructor(groups: Record<string, () => Promise<number[]> | number[]>) {
    this.#groups = groups;
  }

  async start(): Promise<void> {
    this.#before = new Map();
    for (const pids of await this.#pids()) for (const pid of pids) this.#before.set(pid, cpuMsOf(pid));
  }

  /** Milliseconds per group; a process that appeared meanwhile counts from 0. */
  async stop(): Promise<Record<string, number>> {
    const names = Object.keys(this.#groups);
    const groups = await this.#pids();
    const used: Record<string, number> = {};
    names.forEach((name, i) => {
      used[name] = groups[i]!.reduce((sum, pid) => sum + Math.max(0, cpuMsOf(pid) - (this.#before.get(pid) ?? 0)), 0);
    });
    return used;
  }

  async #pids(): Promise<number[][]> {
    return Promise.all(Object.values(this.#groups).map(async (list) => [...new Set(await list())]));
  }
}
