// The relay is told about new outbox rows at most once per interval: under load every request
// would otherwise wake it for a pass of its own (a claim transaction, the publishes, the
// mark-published update), while rows that gather for a few milliseconds leave in one batch.
import type { OutboxRelay } from '@sc/platform';

export const POKE_INTERVAL_MS = 50;

/** A poke that wakes `relay` once, `intervalMs` after the first call since the last wake. */
export function batchedPoke(relay: Pick<OutboxRelay, 'poke'>, intervalMs = POKE_INTERVAL_MS): () => void {
  let timer: NodeJS.Timeout | undefined;
  return () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      relay.poke();
    }, intervalMs);
    timer.unref();
  };
}
