// Loading and changing data from the screens: one GET per resource with its loading and error
// state, and actions that report their own failure (the server's message, else the SPEC 8
// owner-side text) and success.
import { useCallback, useEffect, useRef, useState } from 'react';
import { OwnerUiMessages } from '@sc/contracts';
import { api, ApiError } from '../lib/api.js';

export { api, ApiError };

export interface Resource<T> {
  data: T | undefined;
  error: string | undefined;
  /** HTTP status of the failure (0: the network). */
  status: number | undefined;
  loading: boolean;
  reload: () => void;
  /** Replaces the loaded value (after a save that answered the new one). */
  set: (value: T) => void;
}

/** The text to show for a failed call. */
export function problemOf(failure: unknown): string {
  if (failure instanceof ApiError) return failure.message;
  return OwnerUiMessages.somethingWentWrong;
}

/** GETs `path` (null: nothing yet) and keeps the answer; reload() asks again. */
export function useApi<T>(path: string | null): Resource<T> {
  const [state, setState] = useState<{ data?: T; error?: string; status?: number; loading: boolean }>({ loading: path !== null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    setState((previous) => ({ ...previous, loading: true, error: undefined }));
    api<T>('GET', path).then(
      (data) => {
        if (live) setState({ data, loading: false });
      },
      (failure: unknown) => {
        if (live) setState({ loading: false, error: problemOf(failure), status: failure instanceof ApiError ? failure.status : undefined });
      },
    );
    return () => {
      live = false;
    };
  }, [path, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const set = useCallback((value: T) => setState({ data: value, loading: false }), []);
  return { data: state.data, error: state.error, status: state.status, loading: state.loading, reload, set };
}

export interface Action {
  busy: boolean;
  error: string | undefined;
  /** The success text of the last run. */
  notice: string | undefined;
  /** Runs `work`; on success shows `done` (when given); answers the result or undefined on failure. */
  run: <R>(work: () => Promise<R>, done?: string) => Promise<R | undefined>;
  fail: (message: string) => void;
  clear: () => void;
}

/** One action's busy flag, failure and success notice. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async <R,>(work: () => Promise<R>, done?: string): Promise<R | undefined> => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const result = await work();
      if (mounted.current && done) setNotice(done);
      return result;
    } catch (failure) {
      if (mounted.current) setError(problemOf(failure));
      return undefined;
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, []);
  const fail = useCallback((message: string) => {
    setNotice(undefined);
    setError(message);
  }, []);
  const clear = useCallback(() => {
    setError(undefined);
    setNotice(undefined);
  }, []);
  return { busy, error, notice, run, fail, clear };
}

/**
 * Like `api`, with extra headers (an Idempotency-Key on calls that move money). Same crumb
 * header, same errors.
 */
export async function apiWith<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, headers: Record<string, string>): Promise<T> {
  return api<T>(method, path, body, headers);
}

/** A fresh idempotency key for one money-moving action (retries of that action reuse it). */
export const newIdempotencyKey = (): string => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** Reads a paged list ({ items, hasNextPage, nextPageCursor }) to its end (bounded). */
export async function allPages<T>(path: string, maxPages = 20): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const answer: { items: T[]; hasNextPage: boolean; nextPageCursor: string | null } = await api('GET', cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path);
    items.push(...answer.items);
    if (!answer.hasNextPage || !answer.nextPageCursor) break;
    cursor = answer.nextPageCursor;
  }
  return items;
}
