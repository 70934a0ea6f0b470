// Long forms (an item's editor, the form builder) keep their unsaved values in this browser, as
// the page editor keeps its draft: a reload, a crash or a closed tab loses nothing. On return the
// screen offers the kept values (restore or discard) instead of silently replacing what the server
// has; until the owner answers, the kept copy is left as it is.
import { useEffect, useState, type ReactNode } from 'react';
import { when } from './ui.js';

interface Kept<T> {
  at: string;
  values: T;
}

function readKept<T>(key: string): Kept<T> | undefined {
  try {
    const raw = localStorage.getItem(key);
    const kept = raw ? (JSON.parse(raw) as Kept<T>) : undefined;
    return kept && typeof kept.at === 'string' && kept.values !== undefined ? kept : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `values` under `key` while `dirty` (removed once saved or put back); answers the copy kept
 * from an earlier visit, if it differs from what the screen opened with, as an offer.
 */
export function useLocalDraft<T>(
  key: string,
  values: T,
  dirty: boolean,
  opened: T,
): { offer: Kept<T> | undefined; answered: () => void; clear: () => void } {
  const [offer, setOffer] = useState<Kept<T> | undefined>(() => {
    const kept = readKept<T>(key);
    return kept && JSON.stringify(kept.values) !== JSON.stringify(opened) ? kept : undefined;
  });
  useEffect(() => {
    if (offer) return;
    try {
      if (dirty) localStorage.setItem(key, JSON.stringify({ at: new Date().toISOString(), values } satisfies Kept<T>));
      else localStorage.removeItem(key);
    } catch {
      // A full or blocked storage only loses the reload safety net.
    }
  }, [key, values, dirty, offer]);
  const clear = () => {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing was kept.
    }
  };
  // `clear`: after a save that leaves the screen at once (a new item moving to its own address).
  return { offer, answered: () => setOffer(undefined), clear };
}

/** The offer of kept values: restore them into the form, or discard them. */
export function DraftOffer<T>({
  offer,
  what,
  onRestore,
  onDiscard,
}: {
  offer: Kept<T> | undefined;
  what: string;
  onRestore: (values: T) => void;
  onDiscard: () => void;
}): ReactNode {
  if (!offer) return null;
  return (
    <div role="region" aria-label="Unsaved changes kept in this browser" className="notice draft-offer">
      <p>
        This browser kept unsaved changes to {what} from {when(offer.at)}.
      </p>
      <div className="row">
        <button type="button" className="primary" onClick={() => onRestore(offer.values)}>
          Restore unsaved changes
        </button>
        <button type="button" onClick={onDiscard}>
          Discard them
        </button>
      </div>
    </div>
  );
}
