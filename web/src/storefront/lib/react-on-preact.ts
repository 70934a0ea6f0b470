// What the storefront build gives islands for `import … from 'react'` (web/vite.config.ts
// preactIslands): preact/compat, with one difference made right. Preact numbers useId() per render
// root, and every island is a root of its own, so two islands on a page got the same ids ('P0-0')
// and a label or aria-labelledby in one pointed into another (the newsletter form lost its name).
// Here ids are unique on the page, as React's are. Islands are rendered, never hydrated from
// server HTML, so no id has to match one the server wrote.
import { useState } from 'preact/hooks';

// React's names as preact/compat has them (a name missing here fails the build, not a page).
export {
  Children,
  Component,
  Fragment,
  PureComponent,
  StrictMode,
  Suspense,
  cloneElement,
  createContext,
  createElement,
  createRef,
  forwardRef,
  isValidElement,
  lazy,
  memo,
  startTransition,
  useCallback,
  useContext,
  useDebugValue,
  useDeferredValue,
  useEffect,
  useImperativeHandle,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
  version,
} from 'preact/compat';

let next = 0;

export function useId(): string {
  const [id] = useState(() => `sc-${(next++).toString(36)}`);
  return id;
}
