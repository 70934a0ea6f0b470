// Islands hydrate when the visitor comes near them (issue 38): what is on the first screen (or
// close to it), what has no box of its own (a hidden mount such as the cart pill's, which shows
// itself once hydrated) and every island on a browser without IntersectionObserver start at once;
// the rest when scrolled within NEAR_PX of the window, which is also when a visitor's focus or a
// click would bring them into view. Their entry scripts are already loaded: this spares the main
// thread on load (hydrating below-the-fold forms, donation and newsletter blocks), not bytes.

/** How near the window an island starts (as the product reviews have, SPEC 2). */
const NEAR_PX = 400;

let observer: IntersectionObserver | undefined;
const waiting = new Map<Element, () => void>();

function near(entries: IntersectionObserverEntry[]): void {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    observer?.unobserve(entry.target);
    const start = waiting.get(entry.target);
    waiting.delete(entry.target);
    start?.();
  }
}

/** Runs `start` now if `element` is on or near the first screen, else once the visitor scrolls near it. */
export function whenNear(element: HTMLElement, start: () => void): void {
  if (!('IntersectionObserver' in window) || element.getClientRects().length === 0) return start();
  const box = element.getBoundingClientRect();
  if (box.top < window.innerHeight + NEAR_PX && box.bottom > -NEAR_PX) return start();
  observer ??= new IntersectionObserver(near, { rootMargin: `${NEAR_PX}px 0px` });
  waiting.set(element, start);
  observer.observe(element);
}
