// SPEC 4 "Add-to-cart button": idle, then adding ('Adding…'); on success 'Added!' 1 second
// later, then idle 2 seconds after that; on failure back to idle after 1 second. A button that
// is adding or added ignores clicks. The timers are passed in so tests can drive them.
export type ButtonState = 'idle' | 'adding' | 'added';

/** SPEC 9: the Added state shows after 1 s and the button resets 2 s later; failures reset after 1 s. */
export const ADDED_DELAY_MS = 1000;
export const RESET_DELAY_MS = 2000;
export const FAILURE_RESET_MS = 1000;

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ButtonMachine {
  readonly state: ButtonState;
  /** A click: true when it starts an add (only from idle). */
  click(): boolean;
  /** The add succeeded. */
  succeed(): void;
  /** The add failed (the caller shows the error). */
  fail(): void;
  dispose(): void;
}

export function createButtonMachine(onChange: (state: ButtonState) => void, timers: Timers = realTimers): ButtonMachine {
  let state: ButtonState = 'idle';
  let timer: unknown;
  const set = (next: ButtonState) => {
    state = next;
    onChange(next);
  };
  const later = (ms: number, fn: () => void) => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = timers.setTimeout(() => {
      timer = undefined;
      fn();
    }, ms);
  };
  return {
    get state() {
      return state;
    },
    click() {
      if (state !== 'idle') return false;
      set('adding');
      return true;
    },
    succeed() {
      if (state !== 'adding') return;
      later(ADDED_DELAY_MS, () => {
        set('added');
        later(RESET_DELAY_MS, () => set('idle'));
      });
    },
    fail() {
      if (state !== 'adding') return;
      later(FAILURE_RESET_MS, () => set('idle'));
    },
    dispose() {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    },
  };
}
