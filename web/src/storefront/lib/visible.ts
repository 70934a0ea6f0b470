// Islands hydrate when the visitor comes near them (issue 38): the islands of AT_ONCE, what is on
// the first screen (or close to it), what has no box of its own (a hidden mount such as the cart
// pill's, which shows itself once hydrated) and every island on a browser without
// IntersectionObserver start at once; the rest when scrolled within NEAR_PX of the window (a
// visitor's Tab or click brings an element into view first, so it starts then too). Their entry
// scripts are already loaded: this spares the main thread on load (hydrating below-the-fold forms,
// donation and newsletter blocks), not bytes.

/** How near the window an island starts (as the product reviews have, SPEC 2). */
const NEAR_PX = 400;

/**
 * Islands that start at once wherever they are: the cart pill, and a product's purchase area (its
 * form and the installment pill beside its price, which on a phone sit below the first screen
 * under the product's pictures but are what the page is for).
 */
const AT_ONCE: ReadonlySet<string> = new Set(['cart-pill', 'product-form', 'installment-pill']);

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

/** Runs `start` (island `name`'s mount) now if it is AT_ONCE or on or near the first screen, else once the visitor scrolls near it. */
export function whenNear(name: string, element: HTMLElement, start: () => void): void {
  if (AT_ONCE.has(name) || !('IntersectionObserver' in window) || element.getClientRects().length === 0) return start();
  const box = element.getBoundingClientRect();
  if (box.top < window.innerHeight + NEAR_PX && box.bottom > -NEAR_PX) return start();
  observer ??= new IntersectionObserver(near, { rootMargin: `${NEAR_PX}px 0px` });
  waiting.set(element, start);
  observer.observe(element);
}
