// Nothing an owner typed is lost without being asked (STYLE 15). Every editing screen says when it
// holds unsaved work, one of two ways: `useUnsavedChanges(dirty)` with its own comparison of the
// draft and the saved version, or `useEditedForm()` for a form of separate fields (edited from the
// first change in it until it is saved). While work is unsaved, moving elsewhere in the app asks
// first (the router's guards, answered by the layout's confirm modal) and so does reloading or
// closing the tab (beforeunload, the browser's own question).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { addLeaveGuard, setLeaveQuestion } from './router.js';
import { useConfirm } from './ui.js';

/** The question asked before unsaved work is left. */
export const LEAVE_QUESTION = {
  title: 'Leave without saving?',
  message: 'You have unsaved changes on this screen. If you leave now, they will be lost.',
  confirmLabel: 'Leave without saving',
  cancelLabel: 'Stay',
} as const;

/**
 * Guards the screen while `dirty`. `release()` lets a screen that has just saved leave at once
 * (before the render that recomputes `dirty` has happened), e.g. a new item moving to its address.
 */
export function useUnsavedChanges(dirty: boolean): { release: () => void } {
  const state = useRef(dirty);
  state.current = dirty;
  useEffect(() => addLeaveGuard(() => state.current), []);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!state.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  const release = useCallback(() => {
    state.current = false;
  }, []);
  return { release };
}

/** Whether a draft differs from what is saved (plain data: JSON compares it). */
export const changed = (draft: unknown, saved: unknown): boolean => JSON.stringify(draft) !== JSON.stringify(saved);

/**
 * For a screen whose draft is one value: dirty while it differs from the version opened or last
 * saved; `saved(value)` after a save (the value sent; by default the current draft).
 */
export function useDraftGuard<T>(current: T): { dirty: boolean; saved: (value?: T) => void } {
  const [savedValue, setSavedValue] = useState(current);
  const dirty = changed(current, savedValue);
  const { release } = useUnsavedChanges(dirty);
  const saved = useCallback(
    (value: T = current) => {
      release();
      setSavedValue(value);
    },
    [current, release],
  );
  return { dirty, saved };
}

/**
 * For forms kept as separate fields: edited from the first change inside the form (put `onEdit` on
 * the form as onInput and onChange) until `saved()`.
 */
export function useEditedForm(): { edited: boolean; onEdit: () => void; saved: () => void } {
  const [edited, setEdited] = useState(false);
  const { release } = useUnsavedChanges(edited);
  const onEdit = useCallback(() => setEdited(true), []);
  const saved = useCallback(() => {
    release();
    setEdited(false);
  }, [release]);
  return { edited, onEdit, saved };
}

/** The layout's part: asks with the confirm modal (SPEC 4) whenever unsaved work would be left. */
export function LeaveQuestion(): ReactNode {
  const { modal, confirm } = useConfirm();
  useEffect(() => {
    setLeaveQuestion(() => confirm(LEAVE_QUESTION));
  }, [confirm]);
  return modal;
}
