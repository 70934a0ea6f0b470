import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@sc/contracts';
import { MemoryBus, subjectMatches, streamOf } from '../src/bus/index.js';
import { waitFor } from '../test-kit/index.js';

const event = (type: string, id: string = randomUUID()): EventEnvelope => ({
  id,
  type,
  websiteId: 'w1',
  occurredAt: new Date().toISOString(),
  data: { n: id },
});

describe('subjectMatches', () => {
  it.each([
    ['commerce.cart.created', 'commerce.cart.created', true],
    ['commerce.cart.*', 'commerce.cart.created', true],
    ['commerce.*', 'commerce.cart.created', false],
    ['commerce.>', 'commerce.cart.created', true],
    ['forms.>', 'commerce.cart.created', false],
    ['commerce.cart.created', 'commerce.cart', false],
    ['>', 'a', true],
  ])('%s matches %s: %s', (filter, subject, expected) => {
    expect(subjectMatches(filter, subject)).toBe(expected);
  });

  it('maps a subject to its domain stream', () => {
    expect(streamOf('commerce.cart.created')).toEqual({ name: 'EVENTS_COMMERCE', subjects: ['commerce.>'] });
  });
});

describe(MemoryBus.name, () => {
  it('delivers matching events in order, with headers, and skips others', async () => {
    const bus = new MemoryBus();
    const seen: string[] = [];
    const headers: Array<Record<string, string>> = [];
    await bus.subscribe({
      durable: 'd1',
      subjects: ['commerce.cart.*'],
      handler: async (e, info) => {
        seen.push(e.type + ':' + e.id);
        headers.push(info.headers);
      },
    });
    const a = event('commerce.cart.created');
    const b = event('forms.submission.saved');
    const c = event('commerce.cart.entry-added');
    await bus.publish(a, { traceparent: 'x' });
    await bus.publish(b);
    await bus.publish(c);
    await waitFor(() => seen.length === 2);
    expect(seen).toEqual([`commerce.cart.created:${a.id}`, `commerce.cart.entry-added:${c.id}`]);
    expect(headers[0]).toEqual({ traceparent: 'x' });
    await bus.close();
  });

  it('drops a repeated event id', async () => {
    const bus = new MemoryBus();
    const seen: string[] = [];
    await bus.subscribe({ durable: 'd', subjects: ['a.b.>'], handler: async (e) => void seen.push(e.id) });
    const e = event('a.b.c');
    await bus.publish(e);
    await bus.publish(e);
    await bus.publish(event('a.b.c', 'after'));
    await waitFor(() => seen.includes('after'));
    expect(seen).toEqual([e.id, 'after']);
    await bus.close();
  });

  it('gives a late durable consumer what was published before it subscribed', async () => {
    const bus = new MemoryBus();
    const early = event('a.b.c');
    await bus.publish(early);
    const seen: string[] = [];
    await bus.subscribe({ durable: 'late', subjects: ['a.>'], handler: async (e) => void seen.push(e.id) });
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([early.id]);
    const fresh: string[] = [];
    await bus.subscribe({ durable: 'new-only', subjects: ['a.>'], newOnly: true, handler: async (e) => void fresh.push(e.id) });
    const later = event('a.b.c');
    await bus.publish(later);
    await waitFor(() => fresh.length === 1);
    expect(fresh).toEqual([later.id]);
    await bus.close();
  });

  it('redelivers after a handler failure until it succeeds, keeping order', async () => {
    const bus = new MemoryBus({ retryDelayMs: 5 });
    const attempts: number[] = [];
    const handled: string[] = [];
    let failuresLeft = 2;
    await bus.subscribe({
      durable: 'flaky',
      subjects: ['x.y.z'],
      handler: async (e, info) => {
        attempts.push(info.attempt);
        if (e.id === 'first' && failuresLeft-- > 0) throw new Error('boom');
        handled.push(e.id);
      },
    });
    await bus.publish(event('x.y.z', 'first'));
    await bus.publish(event('x.y.z', 'second'));
    await waitFor(() => handled.length === 2);
    expect(handled).toEqual(['first', 'second']);
    expect(attempts).toEqual([1, 2, 3, 1]);
    await bus.close();
  });

  it('resumes a stopped durable consumer where it left off', async () => {
    const bus = new MemoryBus();
    const seen: string[] = [];
    const sub = await bus.subscribe({ durable: 'r', subjects: ['a.>'], handler: async (e) => void seen.push(e.id) });
    await bus.publish(event('a.b.c', '1'));
    await waitFor(() => seen.length === 1);
    await sub.stop();
    await bus.publish(event('a.b.c', '2'));
    await bus.subscribe({ durable: 'r', subjects: ['a.>'], handler: async (e) => void seen.push(e.id) });
    await waitFor(() => seen.length === 2);
    expect(seen).toEqual(['1', '2']);
    await bus.close();
  });
});
