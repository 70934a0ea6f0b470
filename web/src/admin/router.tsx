// A tiny client-side router for the admin app: paths under /config, the History API, and pattern
// matching with :params. The gateway answers every /config/* path with the app, so a reload on any
// screen lands back on it. Small on purpose: the admin app needs a handful of flat routes, no
// loaders or nested layouts.
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

/** Where the admin app lives. */
export const BASE = '/config';
const CHANGE = 'sc-admin-navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

const snapshot = (): string => window.location.pathname + window.location.search;

// Leaving a screen with unsaved work asks first (unsaved.tsx registers the screens' guards and the
// question). Every in-app move goes through navigate(); the browser's back and forward buttons
// arrive as popstate, which is caught here before any screen sees it.
const leaveGuards = new Set<() => boolean>();
let askToLeave: () => Promise<boolean> = () =>
  Promise.resolve(window.confirm('Leave without saving? Your changes on this screen will be lost.'));

/** Adds a guard that answers true while its screen holds unsaved work; answers its removal. */
export function addLeaveGuard(hasUnsaved: () => boolean): () => void {
  leaveGuards.add(hasUnsaved);
  return () => leaveGuards.delete(hasUnsaved);
}

/** Sets how the owner is asked whether to leave unsaved work (the layout's confirm modal). */
export function setLeaveQuestion(ask: () => Promise<boolean>): void {
  askToLeave = ask;
}

/** Whether anything on screen holds unsaved work. */
export const hasUnsavedWork = (): boolean => [...leaveGuards].some((guard) => guard());

/** True when nothing is unsaved, or the owner chose to leave it. */
export async function mayLeave(): Promise<boolean> {
  return hasUnsavedWork() ? askToLeave() : true;
}

// Where the app is shown: back/forward away from unsaved work returns here until the owner agrees.
let shown = typeof window === 'undefined' ? '' : snapshot();
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (event) => {
    if (!hasUnsavedWork()) {
      shown = snapshot();
      return;
    }
    // Registered before any screen's listener, so no screen sees the move until it is agreed.
    event.stopImmediatePropagation();
    const target = snapshot();
    window.history.pushState(null, '', shown);
    void askToLeave().then((leave) => {
      if (leave) go(target, false);
    });
  });
}

/** The current path below /config ('/' for /config itself), without the query. */
export function currentPath(): string {
  const path = window.location.pathname;
  const inner = path.startsWith(BASE) ? path.slice(BASE.length) : path;
  return inner === '' ? '/' : inner.replace(/\/+$/, '') || '/';
}

/** Re-renders on every navigation; answers the path below /config and the query. */
export function useLocation(): { path: string; query: URLSearchParams } {
  // The snapshot (path and query) changes on every navigation, which re-renders the caller.
  const full = useSyncExternalStore(subscribe, snapshot);
  const queryStart = full.indexOf('?');
  return { path: currentPath(), query: new URLSearchParams(queryStart < 0 ? '' : full.slice(queryStart)) };
}

/** An admin href for a path below /config. */
export const href = (to: string): string => (to === '/' ? BASE : `${BASE}${to.startsWith('/') ? to : `/${to}`}`);

/**
 * Goes to a path below /config, once the owner agrees to leave any unsaved work (`force` skips the
 * question, for a screen that has just saved its work).
 */
export function navigate(to: string, options: { replace?: boolean; force?: boolean } = {}): void {
  const url = href(to);
  if (!options.force && hasUnsavedWork()) {
    void askToLeave().then((leave) => {
      if (leave) go(url, options.replace ?? false);
    });
    return;
  }
  go(url, options.replace ?? false);
}

function go(url: string, replace: boolean): void {
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  shown = snapshot();
  window.dispatchEvent(new Event(CHANGE));
  window.scrollTo(0, 0);
}

/** A link inside the admin app: a real href (open in new tab works), client-side on a plain click. */
export function Link({
  to,
  children,
  ...rest
}: { to: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    rest.onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a {...rest} href={href(to)} onClick={onClick}>
      {children}
    </a>
  );
}

/** Matches '/store/:id/products' against a path; answers the params or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] ?? '';
    const value = have[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(value);
    else if (part !== value) return null;
  }
  return params;
}

export interface Route {
  path: string;
  render: (params: Record<string, string>) => ReactNode;
}

/** Renders the first route matching the current path, or `fallback(path)`. */
export function Routes({ routes, fallback }: { routes: readonly Route[]; fallback: (path: string) => ReactNode }) {
  const { path } = useLocation();
  for (const route of routes) {
    const params = matchPath(route.path, path);
    if (params) return <>{route.render(params)}</>;
  }
  return <>{fallback(path)}</>;
}
