// The latest value of a prop or callback, for an effect that must not re-run when only that value
// changes (an effect that applies a preview calls the newest onApplied, but applying again because
// the parent made a new function would redo the work). Written on each render, read in effects.
import { useRef, type RefObject } from 'react';

export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
