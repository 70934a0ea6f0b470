// Request logs on a terminal: a sum a minute instead of a line per request (http/request-log.ts).
import { describe, expect, it } from '@jest/globals';
import { RequestTally, requestLogMode } from '../../src/http/request-log.js';

describe(requestLogMode.name, () => {
  it('logs each request where logs are collected or when asked, and sums up on a terminal', () => {
    expect(requestLogMode({}, false)).toBe('each');
    expect(requestLogMode({}, true)).toBe('summary');
    expect(requestLogMode({ LOG_REQUESTS: '1' }, true)).toBe('each');
    expect(requestLogMode({ LOG_REQUESTS: '0' }, false)).toBe('summary');
  });
});

describe(RequestTally.name, () => {
  it('writes one line with the counts by status class and the slowest, then starts again', () => {
    const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
    const tally = new RequestTally(
      { info: (fields: Record<string, unknown>, message: string) => void lines.push({ fields, message }) } as never,
      60_000,
    );
    tally.count(200, 12.4);
    tally.count(204, 3);
    tally.count(404, 450.6);
    tally.count(503, 7);
    tally.flush();
    expect(lines).toEqual([
      {
        fields: { requests: 4, '2xx': 2, '3xx': 0, '4xx': 1, '5xx': 1, slowestMs: 451 },
        message: '4 requests in the last minute (2xx 2, 4xx 1, 5xx 1; slowest 451 ms); LOG_REQUESTS=1 logs each',
      },
    ]);
    tally.flush();
    expect(lines).toHaveLength(1);
    tally.count(301, 1);
    tally.flush();
    expect(lines[1]?.message).toBe('1 request in the last minute (3xx 1; slowest 1 ms); LOG_REQUESTS=1 logs each');
  });
});
