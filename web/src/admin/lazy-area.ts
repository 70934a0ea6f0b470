// Code splitting by area: each area of the admin app (store, content, forms, …) is one chunk that
// is fetched the first time one of its screens is shown, so the sign-in and overview screens load
// only the shell. `lazyArea(() => import('./store/StoreArea.js'))` names the area's module once; each
// screen is then `store('ProductsScreen')`, a React.lazy component with the screen's own props.
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/** The names of a module's exports that are function components. */
type ScreenNames<M> = { [K in keyof M]: M[K] extends (props: never) => ReactNode ? K : never }[keyof M];
type PropsOf<F> = F extends (props: infer P) => ReactNode ? P : never;

/** A loader of one area's module; call it with a screen's export name to get that screen, lazily. */
export function lazyArea<M extends object>(
  load: () => Promise<M>,
): <K extends ScreenNames<M>>(name: K) => LazyExoticComponent<ComponentType<PropsOf<M[K]>>> {
  // One fetch per area: every screen of the area shares the chunk.
  let loading: Promise<M> | undefined;
  let loaded: M | undefined;
  const area = (): Promise<M> =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed fetch (offline, a new deploy) is tried again on the next visit.
        loading = undefined;
        throw error;
      },
    ));
  return (name) =>
    lazy(() => {
      type Screen = { default: ComponentType<PropsOf<M[typeof name]>> };
      const screenOf = (module: M): Screen => ({ default: module[name] as ComponentType<PropsOf<M[typeof name]>> });
      // Once the area has arrived, its other screens resolve at once (a thenable that answers
      // synchronously), so moving between screens of an area never shows the loading fallback.
      if (loaded) {
        const module = loaded;
        // Boundary: lazy()'s type asks for a Promise, but React takes any thenable at run time.
        return { then: (resolve: (screen: Screen) => void) => resolve(screenOf(module)) } as unknown as Promise<Screen>;
      }
      return area().then(screenOf);
    });
}
