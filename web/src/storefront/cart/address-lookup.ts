// The checkout's address lookup (SPEC 7 GET /api/google-maps/places/autocomplete and /details),
// pure: the two calls' paths, the tracking context a details call carries, and how the arrow keys
// move through the suggestions. The component (AddressLookup.tsx) does the I/O.
import type { PlaceAddress } from '@sc/contracts';
import { apiPath } from '../../api/client.js';

/** Where a lookup comes from: SPEC 7 expects productPage and productSection on details calls. */
export interface PlacesTrackingContext {
  productPage?: string | undefined;
  productSection?: string | undefined;
}

/** The checkout's own context: its page and the address section of it. */
export const CHECKOUT_PLACES_CONTEXT: PlacesTrackingContext = { productPage: 'checkout', productSection: 'shipping-address' };

/** Suggestions are asked for once this much is typed, and this long after the last key. */
export const MIN_LOOKUP_LENGTH = 3;
export const LOOKUP_DELAY_MS = 250;

/** Countries the lookup knows (the contracts' PLACES_COUNTRIES; written out to keep zod off the page). */
const LOOKUP_COUNTRIES = new Set(['US', 'CA', 'AU', 'NZ', 'GB']);

/** A new session token: one per lookup, from the first key to the chosen place. */
export const newSessionToken = (): string =>
  crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The autocomplete call for what was typed (the country only when the lookup knows it). */
export function autocompletePath(input: string, country: string, sessionToken: string): string {
  const query = new URLSearchParams({ input: input.trim(), sessionToken });
  const code = country.trim().toUpperCase();
  if (LOOKUP_COUNTRIES.has(code)) query.set('country', code);
  return `${apiPath('/google-maps/places/autocomplete')}?${query.toString()}`;
}

/**
 * The details call of a chosen place with its tracking context. SPEC 8: a missing context is a
 * console error (the call still goes; the server logs it too).
 */
export function detailsPath(
  placeId: string,
  sessionToken: string,
  context: PlacesTrackingContext,
  log: Pick<Console, 'error'> = console,
): string {
  const missing = [context.productPage ? '' : 'productPage', context.productSection ? '' : 'productSection'].filter(Boolean);
  if (missing.length > 0) log.error(`Missing tracking context for place details: ${missing.join(', ')}`);
  const query = new URLSearchParams({ placeId, sessionToken });
  if (context.productPage) query.set('productPage', context.productPage);
  if (context.productSection) query.set('productSection', context.productSection);
  return `${apiPath('/google-maps/places/details')}?${query.toString()}`;
}

/** The option the arrow keys move to: down from none is the first, up from none the last, wrapping around. */
export function movedIndex(current: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return delta === 1 ? 0 : count - 1;
  return (current + delta + count) % count;
}

/** The checkout's address fields. */
export interface AddressFields {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

/** The fields after a place was chosen: its parts replace the address; the name stays. */
export const filledFrom = (fields: AddressFields, place: PlaceAddress): AddressFields => ({
  name: fields.name,
  line1: place.line1,
  line2: place.line2,
  city: place.city,
  region: place.region,
  postalCode: place.postalCode,
  country: place.country,
});
