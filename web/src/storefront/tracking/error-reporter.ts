// SPEC 9 error reporter: uncaught client errors (and some caught ones) are reported, at most 20
// a page, at most 10 waiting, stacks cut at 5000 characters, sent together 1 second after the
// last one (debounced). The sender and the timers are passed in so tests can drive them.
import { ErrorReporterLimits, type JavascriptErrorReport } from '@sc/contracts';

export interface ReporterTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface ErrorReporter {
  /** Queues a report; false when the page's allowance or the queue is full. */
  report(error: unknown, extra?: Partial<JavascriptErrorReport>): boolean;
  /** Reports accepted so far on this page. */
  readonly accepted: number;
  readonly queued: number;
}

/** A report of anything thrown. */
export function reportOf(error: unknown, extra: Partial<JavascriptErrorReport> = {}): JavascriptErrorReport {
  const e = error instanceof Error ? error : undefined;
  const stack = e?.stack?.slice(0, ErrorReporterLimits.stackLength);
  return {
    message: (e?.message ?? String(error)).slice(0, 2000),
    ...(e?.name ? { name: e.name.slice(0, 100) } : {}),
    ...(stack ? { stack } : {}),
    url: (globalThis.location?.href ?? '').slice(0, 2082),
    timestamp: Date.now(),
    ...extra,
  };
}

export function createErrorReporter(sendBatch: (reports: JavascriptErrorReport[]) => Promise<void>, timers: ReporterTimers): ErrorReporter {
  let accepted = 0;
  let queue: JavascriptErrorReport[] = [];
  let timer: unknown;
  const flush = () => {
    timer = undefined;
    const batch = queue;
    queue = [];
    if (batch.length > 0) sendBatch(batch).catch(() => undefined);
  };
  return {
    report(error, extra) {
      if (accepted >= ErrorReporterLimits.reportsPerPage || queue.length >= ErrorReporterLimits.queued) return false;
      accepted += 1;
      queue.push(reportOf(error, extra));
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = timers.setTimeout(flush, ErrorReporterLimits.debounceMs);
      return true;
    },
    get accepted() {
      return accepted;
    },
    get queued() {
      return queue.length;
    },
  };
}
