// Address lookup for checkout (SPEC 7: GET /api/google-maps/places/autocomplete and /details):
// predictions for what the shopper types, then the chosen place as address fields.
import { z } from 'zod';

export const PLACES_COUNTRIES = ['US', 'CA', 'AU', 'NZ', 'GB'] as const;

export const PlacesMessages = {
  expiredPlace: 'That address suggestion is no longer available. Type the address again.',
  unavailable: 'Address suggestions are not available right now. Type the address in full.',
} as const;

const Country = z
  .string()
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.enum(PLACES_COUNTRIES, { message: `country must be one of ${PLACES_COUNTRIES.join(', ')}` }));

export const PlacesAutocompleteQuery = z.object({
  input: z.string().trim().min(1, 'Type part of an address.').max(200, 'An address is at most 200 characters.'),
  country: Country.optional(),
  sessionToken: z.string().max(128).optional(),
});
export type PlacesAutocompleteQuery = z.infer<typeof PlacesAutocompleteQuery>;

export const PlacePrediction = z.object({
  placeId: z.string(),
  /** The whole suggestion on one line. */
  description: z.string(),
  /** The street part, shown in bold, and the rest. */
  mainText: z.string(),
  secondaryText: z.string(),
});
export type PlacePrediction = z.infer<typeof PlacePrediction>;

export const PlacesAutocompleteResponse = z.object({ predictions: z.array(PlacePrediction) });
export type PlacesAutocompleteResponse = z.infer<typeof PlacesAutocompleteResponse>;

export const PlacesDetailsQuery = z.object({
  placeId: z.string().trim().min(1).max(2048),
  sessionToken: z.string().max(128).optional(),
  /** Tracking context: which product page and section the lookup came from (SPEC 7). */
  productPage: z.string().max(500).optional(),
  productSection: z.string().max(500).optional(),
});
export type PlacesDetailsQuery = z.infer<typeof PlacesDetailsQuery>;

export const PlaceAddress = z.object({
  line1: z.string().max(200),
  line2: z.string().max(200),
  city: z.string().max(100),
  region: z.string().max(10),
  postalCode: z.string().max(20),
  country: z.enum(PLACES_COUNTRIES),
});
export type PlaceAddress = z.infer<typeof PlaceAddress>;

export const PlaceDetailsResponse = z.object({
  result: z.object({
    placeId: z.string(),
    formattedAddress: z.string(),
    address: PlaceAddress,
    /** What the shopper still has to fix (missing parts, a postal code outside the region). */
    problems: z.array(z.string()),
  }),
});
export type PlaceDetailsResponse = z.infer<typeof PlaceDetailsResponse>;
