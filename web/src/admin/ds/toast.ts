// Toasts (issue 35): a save says "… saved", a failure "… not saved" with the reason, in a toast at
// the corner of the screen that stays five seconds (longer while pointed at or focused). Any screen
// calls `toast.saved(...)` / `toast.failed(...)`; the layout shows them (Toaster.tsx, Radix's
// toast, loaded on the first one so the admin's shell stays small).
import { useSyncExternalStore } from 'react';
import { AdminFormMessages, formatMessage } from '@sc/contracts';

export interface ToastNote {
  id: number;
  kind: 'success' | 'error';
  title: string;
  description?: string;
}

let notes: readonly ToastNote[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = (next: readonly ToastNote[]) => {
  notes = next;
  for (const listener of listeners) listener();
};

function show(note: Omit<ToastNote, 'id'>): void {
  // At most three at a time: the oldest goes.
  publish([...notes.slice(-2), { ...note, id: nextId++ }]);
}

export const toast = {
  /** '{thing} saved'. */
  saved: (thing: string) => show({ kind: 'success', title: formatMessage(AdminFormMessages.saved, { thing }) }),
  /** '{thing} not saved', with the reason. */
  failed: (thing: string, reason: string) =>
    show({ kind: 'error', title: formatMessage(AdminFormMessages.notSaved, { thing }), description: reason }),
  /** Any other note. */
  show,
  dismiss: (id: number) => publish(notes.filter((n) => n.id !== id)),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The toasts showing now. */
export const useToasts = (): readonly ToastNote[] => useSyncExternalStore(subscribe, () => notes);
