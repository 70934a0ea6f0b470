// SPEC 9 error reporter limits: 20 a page, 10 queued, stacks cut at 5000, sent debounced 1 s.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { JavascriptErrorReport } from '@sc/contracts';
import { createErrorReporter } from './error-reporter.js';

describe('error reporter', () => {
  let batches: JavascriptErrorReport[][];
  const timers = {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const setup = () => createErrorReporter(async (reports) => void batches.push(reports), timers);
  beforeEach(() => {
    jest.useFakeTimers();
    batches = [];
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('sends one batch 1 s after the last report', () => {
    const reporter = setup();
    reporter.report(new Error('a'));
    jest.advanceTimersByTime(900);
    reporter.report(new Error('b'));
    jest.advanceTimersByTime(999);
    expect(batches).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(batches.map((b) => b.map((r) => r.message))).toEqual([['a', 'b']]);
  });

  it('queues at most 10 and reports at most 20 a page', () => {
    const reporter = setup();
    const first = Array.from({ length: 12 }, (_, i) => reporter.report(new Error(`e${i}`)));
    expect(first.filter(Boolean)).toHaveLength(10);
    jest.advanceTimersByTime(1000);
    const second = Array.from({ length: 12 }, (_, i) => reporter.report(new Error(`f${i}`)));
    expect(second.filter(Boolean)).toHaveLength(10);
    jest.advanceTimersByTime(1000);
    expect(reporter.report(new Error('over'))).toBe(false);
    expect(batches.map((b) => b.length)).toEqual([10, 10]);
    expect(reporter.accepted).toBe(20);
  });

  it('cuts stacks at 5000 characters', () => {
    const reporter = setup();
    const error = new Error('deep');
    error.stack = 'x'.repeat(9000);
    reporter.report(error);
    jest.advanceTimersByTime(1000);
    expect(batches[0]?.[0]?.stack).toHaveLength(5000);
  });
});
