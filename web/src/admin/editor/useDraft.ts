// The page editor's draft: its history (a reducer over model.ts), the saved version it is
// compared with, the version it was made from, and the copy kept in this browser until it is
// saved, so a reload loses nothing. Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) walk the history.
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import type { Collection, Layout } from '@sc/contracts';
import * as M from './model.js';

type Action =
  { type: 'change'; draft: M.Draft; typing?: string | undefined } | { type: 'undo' } | { type: 'redo' } | { type: 'reset'; draft: M.Draft };

function reducer(history: M.History, action: Action): M.History {
  switch (action.type) {
    case 'change':
      return M.commit(history, action.draft, action.typing);
    case 'undo':
      return M.undo(history);
    case 'redo':
      return M.redo(history);
    case 'reset':
      return M.historyOf(action.draft);
  }
}

interface StoredDraft {
  baseUpdatedOn: number;
  layout: Layout;
}

const draftKey = (websiteId: string, collectionId: string) => `sc-page-draft:${websiteId}:${collectionId}`;

function readStoredDraft(key: string): StoredDraft | undefined {
  try {
    const raw = localStorage.getItem(key);
    const value = raw ? (JSON.parse(raw) as StoredDraft) : undefined;
    return value && typeof value.baseUpdatedOn === 'number' && Array.isArray(value.layout?.blocks) ? value : undefined;
  } catch {
    return undefined;
  }
}

const same = (a: M.Draft, b: M.Draft) => JSON.stringify(M.layoutOf(a)) === JSON.stringify(M.layoutOf(b));

export function useDraft(websiteId: string, collection: Collection, readOnly: boolean) {
  const key = draftKey(websiteId, collection.id);
  const storedAtOpen = useMemo(() => (readOnly ? undefined : readStoredDraft(key)), [key, readOnly]);
  const [saved, setSaved] = useState<{ draft: M.Draft; updatedOn: number }>(() => ({
    draft: M.draftOf(collection.layout),
    updatedOn: collection.updatedOn,
  }));
  const [history, dispatch] = useReducer(reducer, undefined, () =>
    M.historyOf(storedAtOpen ? M.draftOf(storedAtOpen.layout) : saved.draft),
  );
  // The version the draft was made from (a restored draft keeps the one it was made from).
  const [base, setBase] = useState(storedAtOpen?.baseUpdatedOn ?? collection.updatedOn);
  const [restored, setRestored] = useState(storedAtOpen !== undefined && !same(M.draftOf(storedAtOpen.layout), saved.draft));
  const draft = history.present;
  const dirty = !same(draft, saved.draft);

  // Unsaved work is kept in this browser until it is saved or thrown away.
  useEffect(() => {
    if (readOnly) return;
    try {
      if (dirty) localStorage.setItem(key, JSON.stringify({ baseUpdatedOn: base, layout: M.layoutOf(draft) } satisfies StoredDraft));
      else localStorage.removeItem(key);
    } catch {
      // A full or blocked storage only loses the reload safety net.
    }
  }, [draft, dirty, base, key, readOnly]);

  useUndoKeys(dispatch, readOnly);

  return {
    history,
    draft,
    dirty,
    base,
    restored,
    change: (next: M.Draft, typing?: string) => dispatch({ type: 'change', draft: next, typing }),
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    /** The draft was saved as `updatedOn`. */
    markSaved: (saveDraft: M.Draft, updatedOn: number) => {
      setSaved({ draft: saveDraft, updatedOn });
      setBase(updatedOn);
      setRestored(false);
    },
    /** Back to the saved version. */
    discard: () => {
      dispatch({ type: 'reset', draft: saved.draft });
      setBase(saved.updatedOn);
      setRestored(false);
    },
    /** The version saved by someone else becomes the saved one and the draft. */
    adopt: (theirs: Collection) => {
      const next = M.draftOf(theirs.layout);
      setSaved({ draft: next, updatedOn: theirs.updatedOn });
      setBase(theirs.updatedOn);
      dispatch({ type: 'reset', draft: next });
    },
  };
}

export type DraftState = ReturnType<typeof useDraft>;

// Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) anywhere in the editor but inside the rich text, which has its own.
function useUndoKeys(dispatch: (action: Action) => void, readOnly: boolean) {
  const onKey = useCallback(
    (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || readOnly) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('.ProseMirror')) return;
      const k = event.key.toLowerCase();
      if (k === 'z' && !event.shiftKey) {
        event.preventDefault();
        dispatch({ type: 'undo' });
      } else if ((k === 'z' && event.shiftKey) || k === 'y') {
        event.preventDefault();
        dispatch({ type: 'redo' });
      }
    },
    [readOnly, dispatch],
  );
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onKey]);
}
