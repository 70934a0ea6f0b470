// Loading and changing data from the screens, through TanStack Query (query.ts): one GET per
// resource, keyed by its path, with its loading and error state, and actions (mutations) that
// report their own failure (the server's message, else the SPEC 8 owner-side text) and success,
// and refetch the queries under the paths they name.
import { useCallback, useEffect, useRef, useState } from 'react';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OwnerUiMessages } from '@sc/contracts';
import type { Method } from '../api/client.js';
import { api as send, ApiError } from '../lib/api.js';
import { adminQueryClient, markAllStale, queryKeyOf } from './query.js';
import { toast } from './ds/toast.js';

export { ApiError };

/** Sends one request (lib/api.ts); a change that succeeded marks the cached answers stale. */
export async function api<T>(method: Method, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const answer = await send<T>(method, path, body, headers);
  if (method !== 'GET') markAllStale(adminQueryClient);
  return answer;
}

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

const NO_PATH = ['no-path'];

/**
 * GETs `path` (null: nothing yet) and keeps the answer; reload() asks again. A cached answer is
 * shown at once while fresh; a stale one is not (a form would start from it): the screen waits for
 * the new answer, as on a first visit. Once shown, an answer stays while it is asked for again, and
 * while the next path's answer comes.
 */
export function useApi<T>(path: string | null): Resource<T> {
  const client = useQueryClient();
  const queryKey = path === null ? NO_PATH : queryKeyOf(path);
  const query = useQuery<T>({
    queryKey,
    queryFn: path === null ? skipToken : () => send<T>('GET', path),
    placeholderData: keepPreviousData,
  });
  const set = useCallback(
    (value: T) => {
      if (path !== null) client.setQueryData(queryKeyOf(path), value);
    },
    [client, path],
  );
  return { ...useShown(query, path), set };
}

/** What useApi and usePages read of a query. */
interface QueryView<D> {
  data: D | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isFetchedAfterMount: boolean;
  isStale: boolean;
  /** A later page failed: the pages loaded before stand. */
  isFetchNextPageError?: boolean;
  refetch: () => Promise<unknown>;
}

/** A query's answer as a screen shows it (useApi's rules), its failure and reload(). */
export function useShown<D>(query: QueryView<D>, path: string | null): Omit<Resource<D>, 'set'> {
  // Whether this screen has shown an answer: from then on it shows what the query holds while it
  // is asked for again (a reload, the next path's answer), as the screens always did.
  const shown = useRef(false);
  const failed = query.isError && !query.isFetching && !query.isFetchNextPageError;
  const usable = !failed && query.data !== undefined && (shown.current || query.isFetchedAfterMount || !query.isStale);
  if (usable) shown.current = true;
  const { refetch } = query;
  const reload = useCallback(() => {
    if (path !== null) void refetch();
  }, [path, refetch]);
  const error = failed ? query.error : undefined;
  return {
    data: usable ? query.data : undefined,
    error: failed ? problemOf(error) : undefined,
    status: error instanceof ApiError ? error.status : undefined,
    loading: query.isFetching,
    reload,
  };
}

/** Refetches the shown queries under the given paths (after a change made outside an action). */
export function useInvalidate(): (...paths: string[]) => void {
  const client = useQueryClient();
  return useCallback(
    (...paths: string[]) => {
      for (const path of paths) void client.invalidateQueries({ queryKey: queryKeyOf(path) });
    },
    [client],
  );
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

/**
 * One action (a mutation): its busy flag, failure and success notice (`toastAs`: the thing named in
 * a failure's toast, '{thing} not saved' with the reason, which stays inline too; a success's `done`
 * text is a toast then). A success refetches the
 * shown queries under the paths in `invalidates` (a list and its items: a path's key is a prefix of
 * theirs) and marks every other cached answer stale.
 */
export function useAction({ invalidates = [], toastAs }: { invalidates?: readonly string[]; toastAs?: string } = {}): Action {
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const { mutateAsync, isPending } = useMutation<unknown, unknown, () => Promise<unknown>>({
    mutationFn: (work) => work(),
    meta: { invalidates: invalidates.map(queryKeyOf) },
  });
  const run = useCallback(
    async <R>(work: () => Promise<R>, done?: string): Promise<R | undefined> => {
      setError(undefined);
      setNotice(undefined);
      try {
        const result = (await mutateAsync(work)) as R;
        // With `toastAs`, a success is said in a toast ('Product saved'), which outlives the screen.
        if (toastAs && done) toast.show({ kind: 'success', title: done });
        else if (mounted.current && done) setNotice(done);
        return result;
      } catch (failure) {
        if (toastAs) toast.failed(toastAs, problemOf(failure));
        if (mounted.current) setError(problemOf(failure));
        return undefined;
      }
    },
    [mutateAsync, toastAs],
  );
  const fail = useCallback(
    (message: string) => {
      if (toastAs) toast.failed(toastAs, message);
      setNotice(undefined);
      setError(message);
    },
    [toastAs],
  );
  const clear = useCallback(() => {
    setError(undefined);
    setNotice(undefined);
  }, []);
  return { busy: isPending, error, notice, run, fail, clear };
}

/**
 * Like `api`, with extra headers (an Idempotency-Key on calls that move money). Same crumb
 * header, same errors.
 */
export async function apiWith<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<T> {
  return api<T>(method, path, body, headers);
}

/** A fresh idempotency key for one money-moving action (retries of that action reuse it). */
export const newIdempotencyKey = (): string =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** Reads a paged list ({ items, hasNextPage, nextPageCursor }) to its end (bounded). */
export async function allPages<T>(path: string, maxPages = 20): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const answer: { items: T[]; hasNextPage: boolean; nextPageCursor: string | null } = await api(
      'GET',
      cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path,
    );
    items.push(...answer.items);
    if (!answer.hasNextPage || !answer.nextPageCursor) break;
    cursor = answer.nextPageCursor;
  }
  return items;
}
