// The ingestion buffer on its own: bounded (all or nothing per call), batches of at most the
// batch size, a failed write kept and retried in order, and close() writing everything left.
import { describe, expect, it } from '@jest/globals';
import { waitFor } from '@sc/platform/test-kit';
import { IngestBuffer } from '../../src/ingest/buffer.js';

function recorder(failures = 0) {
  const batches: number[][] = [];
  let left = failures;
  return {
    batches,
    write: async (batch: number[]) => {
      if (left > 0) {
        left--;
        throw new Error('database down');
      }
      batches.push([...batch]);
    },
  };
}

describe(IngestBuffer.name, () => {
  it('takes a call whole or not at all once the bound is reached', () => {
    const buffer = new IngestBuffer<number>({ capacity: 5, batchSize: 100, intervalMs: 1_000, write: recorder().write });
    expect(buffer.offer([1, 2, 3])).toBe(true);
    expect(buffer.offer([4, 5, 6])).toBe(false);
    expect(buffer.offer([4, 5])).toBe(true);
    expect(buffer.offer([6])).toBe(false);
    expect(buffer.size).toBe(5);
  });

  it("never splits a call's records between batches (each batch deletes its calls' journal rows)", async () => {
    const out = recorder();
    const buffer = new IngestBuffer<number>({
      capacity: 100,
      batchSize: 2,
      intervalMs: 3_600_000,
      write: out.write,
      // Records of a call share their tens digit here.
      sameGroup: (a, b) => Math.floor(a / 10) === Math.floor(b / 10),
    });
    buffer.offer([10, 11, 12]);
    buffer.offer([20]);
    buffer.offer([30, 31]);
    await buffer.flush();
    expect(out.batches).toEqual([
      [10, 11, 12],
      [20, 30, 31],
    ]);
  });

  it('writes batches of at most the batch size, as soon as a batch is full', async () => {
    const out = recorder();
    const buffer = new IngestBuffer<number>({ capacity: 100, batchSize: 4, intervalMs: 3_600_000, write: out.write });
    buffer.offer([1, 2, 3]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(out.batches).toEqual([]);
    buffer.offer([4, 5, 6, 7, 8, 9]);
    await waitFor(() => buffer.size === 0, 1_000);
    expect(out.batches).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9]]);
  });

  it('writes what waits on the interval', async () => {
    const out = recorder();
    const buffer = new IngestBuffer<number>({ capacity: 100, batchSize: 50, intervalMs: 10, write: out.write });
    buffer.start();
    buffer.offer([1]);
    await waitFor(() => out.batches.length === 1, 1_000);
    expect(out.batches).toEqual([[1]]);
    await buffer.close();
  });

  it('keeps a failed batch in front, counts it against the bound, and retries it', async () => {
    const out = recorder(2);
    const buffer = new IngestBuffer<number>({ capacity: 4, batchSize: 2, intervalMs: 5, retryMs: 5, write: out.write });
    buffer.start();
    expect(buffer.offer([1, 2])).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(buffer.offer([3, 4])).toBe(true);
    expect(buffer.offer([5])).toBe(false);
    await waitFor(() => buffer.size === 0, 2_000);
    expect(out.batches.flat()).toEqual([1, 2, 3, 4]);
    expect(buffer.written).toBe(4);
    await buffer.close();
  });

  it('on close refuses new records and writes the rest, retrying until the deadline', async () => {
    const out = recorder(1);
    const buffer = new IngestBuffer<number>({ capacity: 100, batchSize: 10, intervalMs: 3_600_000, retryMs: 5, write: out.write });
    buffer.offer([1, 2, 3]);
    await buffer.close(Date.now() + 2_000);
    expect(out.batches.flat()).toEqual([1, 2, 3]);
    expect(buffer.offer([4])).toBe(false);
  });
});
