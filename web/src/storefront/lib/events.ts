// Islands tell each other (and the tracking client) what happened through window events, so no
// island has to import another: the product form's variant choice (the restock form follows it)
// and the SPEC 7 tracking events (the tracker listens when it runs on the page).
export const VARIANT_CHANGE = 'sc:variant-change';
export const TRACK = 'sc:track';

export interface VariantChange {
  itemId: string;
  variantId: string | null;
  /** What the shopper pays for the chosen variant, in minor units (null with none chosen). */
  priceCents?: number | null;
}

export interface TrackEvent {
  /** SPEC 7 analytics event name, e.g. AddToCart, ViewCart, RemoveFromCart. */
  event: string;
  data: Record<string, unknown>;
}

const lastVariant = new Map<string, string | null>();
const lastPrice = new Map<string, number | null>();

export function emitVariantChange(detail: VariantChange): void {
  lastVariant.set(detail.itemId, detail.variantId);
  lastPrice.set(detail.itemId, detail.priceCents ?? null);
  window.dispatchEvent(new CustomEvent<VariantChange>(VARIANT_CHANGE, { detail }));
}

/** The variant last chosen for an item on this page (an island that loads later starts from it). */
export const chosenVariant = (itemId: string): string | null => lastVariant.get(itemId) ?? null;

/** The price of the variant last chosen for an item on this page, in minor units (null with none). */
export const chosenPrice = (itemId: string): number | null => lastPrice.get(itemId) ?? null;

/** Events announced before the tracker started (it starts after load), at most a few. */
const pending: TrackEvent[] = [];
const PENDING_MAX = 20;
let listening = false;

/** Announces a tracking event; the tracker sends it if the page runs one and the rules allow it. */
export function track(event: string, data: Record<string, unknown> = {}): void {
  if (!listening) {
    if (pending.length < PENDING_MAX) pending.push({ event, data });
    return;
  }
  window.dispatchEvent(new CustomEvent<TrackEvent>(TRACK, { detail: { event, data } }));
}

/** The tracker's subscription: the events announced so far, then every later one. */
export function onTrack(handle: (event: TrackEvent) => void): void {
  listening = true;
  for (const event of pending.splice(0)) handle(event);
  window.addEventListener(TRACK, (event) => handle((event as CustomEvent<TrackEvent>).detail));
}
