// Where address suggestions come from: the built-in offline provider (every deployment) or the
// hosted places service when an API key is configured (hosted-provider.ts).
import type { PlaceAddress, PlacePrediction } from '@sc/contracts';
import type { CountryCode } from './regions.js';

export interface AutocompleteRequest {
  input: string;
  country?: CountryCode;
  sessionToken?: string;
}

export interface PlaceDetails {
  placeId: string;
  formattedAddress: string;
  address: PlaceAddress;
}

export interface PlacesProvider {
  readonly name: string;
  autocomplete(request: AutocompleteRequest): Promise<PlacePrediction[]>;
  /** The place of a prediction's id; undefined when the id is unknown or expired. */
  details(placeId: string, sessionToken?: string): Promise<PlaceDetails | undefined>;
}
