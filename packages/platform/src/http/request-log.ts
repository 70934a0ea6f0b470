// Request logs: one JSON line per request where logs are collected (not a terminal: containers,
// Kubernetes, CI), but a person running `pnpm start` in a terminal would see a line per page,
// asset and API call flood past (775 kB in 18 minutes of clicking about), hiding the lines that
// matter. On a terminal, requests are therefore counted and summed up once a minute, for the whole
// process (every service of the embedded platform shares one tally); LOG_REQUESTS=1 brings the
// line per request back.
import type { Logger } from '../logger.js';

export type RequestLogMode = 'each' | 'summary';

/** 'each' with LOG_REQUESTS=1 or when stdout is not a terminal; 'summary' on a terminal. */
export function requestLogMode(env: NodeJS.ProcessEnv = process.env, isTTY = Boolean(process.stdout.isTTY)): RequestLogMode {
  if (env.LOG_REQUESTS === '1' || env.LOG_REQUESTS === 'true') return 'each';
  if (env.LOG_REQUESTS === '0' || env.LOG_REQUESTS === 'false') return 'summary';
  return isTTY ? 'summary' : 'each';
}

/** Counts of answered requests by status class, with the slowest, summed over an interval. */
export class RequestTally {
  #counts = { total: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  #slowestMs = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly log: Pick<Logger, 'info'>,
    private readonly intervalMs = 60_000,
  ) {}

  /** Counts one answered request (and starts the interval's timer on the first). */
  count(status: number, ms: number): void {
    const counts = this.#counts;
    counts.total++;
    if (status >= 500) counts['5xx']++;
    else if (status >= 400) counts['4xx']++;
    else if (status >= 300) counts['3xx']++;
    else counts['2xx']++;
    if (ms > this.#slowestMs) this.#slowestMs = ms;
    if (!this.#timer) {
      this.#timer = setTimeout(() => this.flush(), this.intervalMs);
      this.#timer.unref();
    }
  }

  /** Writes the summary line of what was counted since the last one (nothing when nothing was). */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const counts = this.#counts;
    if (counts.total === 0) return;
    const { total, ...byClass } = counts;
    const classes = Object.entries(byClass)
      .filter(([, n]) => n > 0)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
    this.log.info(
      { requests: total, ...byClass, slowestMs: Math.round(this.#slowestMs) },
      `${total} ${total === 1 ? 'request' : 'requests'} in the last minute (${classes}; slowest ${Math.round(this.#slowestMs)} ms); LOG_REQUESTS=1 logs each`,
    );
    this.#counts = { total: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    this.#slowestMs = 0;
  }
}

let shared: RequestTally | undefined;
/** The process's one tally (the first app's logger writes it). */
export function processTally(log: Pick<Logger, 'info'>): RequestTally {
  shared ??= new RequestTally(log);
  return shared;
}
