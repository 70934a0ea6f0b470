// CPU time of processes on this machine (Linux /proc), so a benchmark can say what a request
// costs each part (microseconds of CPU per request) beside the throughput, which on a shared
// machine moves with everyone else's load while CPU per request mostly does not.
import { readFileSync } from 'node:fs';
import type pg from 'pg';

const TICKS_PER_SECOND = 100;

/**
 * User plus system CPU milliseconds of a process so far (`part`: only the kernel's share, which is
 * mostly the sockets' work); 0 when it is gone or /proc is missing.
 */
export function cpuMsOf(pid: number | undefined, part: 'all' | 'system' = 'all'): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return (((part === 'all' ? utime : 0) + stime) * 1000) / TICKS_PER_SECOND;
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
  #systemBefore = new Map<number, number>();
  /** The kernel's share of each group's CPU in the last measurement (0 to 1). */
  systemShare: Record<string, number> = {};

  constructor(groups: Record<string, () => Promise<number[]> | number[]>) {
    this.#groups = groups;
  }

  async start(): Promise<void> {
    this.#before = new Map();
    this.#systemBefore = new Map();
    for (const pids of await this.#pids()) {
      for (const pid of pids) {
        this.#before.set(pid, cpuMsOf(pid));
        this.#systemBefore.set(pid, cpuMsOf(pid, 'system'));
      }
    }
  }

  /** Milliseconds per group; a process that appeared meanwhile counts from 0. */
  async stop(): Promise<Record<string, number>> {
    const names = Object.keys(this.#groups);
    const groups = await this.#pids();
    const used: Record<string, number> = {};
    names.forEach((name, i) => {
      used[name] = groups[i]!.reduce((sum, pid) => sum + Math.max(0, cpuMsOf(pid) - (this.#before.get(pid) ?? 0)), 0);
      const system = groups[i]!.reduce((sum, pid) => sum + Math.max(0, cpuMsOf(pid, 'system') - (this.#systemBefore.get(pid) ?? 0)), 0);
      this.systemShare[name] = used[name] > 0 ? system / used[name] : 0;
    });
    return used;
  }

  async #pids(): Promise<number[][]> {
    return Promise.all(Object.values(this.#groups).map(async (list) => [...new Set(await list())]));
  }
}
