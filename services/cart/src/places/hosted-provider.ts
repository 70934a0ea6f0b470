// The hosted places service (Google's Places API, JSON web service) for deployments that set
// PLACES_API_KEY. Its answers are mapped to our address fields and checked by the same country
// rules as the offline provider's. Countries outside those rules are not offered: checkout ships
// to the installment countries only (regions.ts).
import type { PlacePrediction } from '@sc/contracts';
import { z } from 'zod';
import { formatAddress, normalizeAddress, type AddressParts } from './address.js';
import { isCountryCode } from './regions.js';
import type { AutocompleteRequest, PlaceDetails, PlacesProvider } from './provider.js';

export interface HostedPlacesOptions {
  apiKey: string;
  /** Base URL of the service (tests point it at a local stand-in). */
  baseUrl: string;
  timeoutMs: number;
}

// The parts of the hosted service's answers we use; anything else in them is ignored.
const HostedComponent = z.object({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) });
type HostedComponent = z.infer<typeof HostedComponent>;
const HostedStatus = z.object({ status: z.string() });
const HostedPredictions = z.object({
  predictions: z
    .array(
      z.object({
        place_id: z.string(),
        description: z.string(),
        structured_formatting: z.object({ main_text: z.string().optional(), secondary_text: z.string().optional() }).optional(),
      }),
    )
    .default([]),
});
const HostedDetails = z.object({ result: z.object({ address_components: z.array(HostedComponent) }).optional() });

/** Thrown when the hosted service cannot answer (network, quota, key); routes fall back. */
export class PlacesUnavailableError extends Error {}

export class HostedPlacesProvider implements PlacesProvider {
  readonly name = 'hosted';
  readonly #options: HostedPlacesOptions;

  constructor(options: HostedPlacesOptions) {
    this.#options = options;
  }

  async #get(path: string, params: Record<string, string | undefined>): Promise<unknown> {
    const url = new URL(path, this.#options.baseUrl);
    for (const [name, value] of Object.entries({ ...params, key: this.#options.apiKey })) if (value) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.#options.timeoutMs) });
    } catch (error) {
      throw new PlacesUnavailableError(`places service not reachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new PlacesUnavailableError(`places service answered ${response.status}`);
    const body: unknown = await response.json().catch(() => undefined);
    const status = HostedStatus.safeParse(body).data?.status ?? 'UNREADABLE';
    if (status !== 'OK' && status !== 'ZERO_RESULTS' && status !== 'NOT_FOUND' && status !== 'INVALID_REQUEST') {
      throw new PlacesUnavailableError(`places service status ${status}`);
    }
    return body;
  }

  async autocomplete(request: AutocompleteRequest): Promise<PlacePrediction[]> {
    const body = await this.#get('/maps/api/place/autocomplete/json', {
      input: request.input,
      types: 'address',
      components: request.country ? `country:${request.country.toLowerCase()}` : undefined,
      sessiontoken: request.sessionToken,
    });
    const parsed = HostedPredictions.safeParse(body);
    if (!parsed.success) throw new PlacesUnavailableError('places service answered an unreadable prediction list');
    return parsed.data.predictions.slice(0, 5).map((p) => ({
      placeId: p.place_id,
      description: p.description,
      mainText: p.structured_formatting?.main_text ?? p.description,
      secondaryText: p.structured_formatting?.secondary_text ?? '',
    }));
  }

  async details(placeId: string, sessionToken?: string): Promise<PlaceDetails | undefined> {
    const body = await this.#get('/maps/api/place/details/json', {
      place_id: placeId,
      fields: 'address_components,formatted_address',
      sessiontoken: sessionToken,
    });
    const result = HostedDetails.safeParse(body).data?.result;
    if (!result) return undefined;
    const address = addressOfComponents(result.address_components);
    return address ? { placeId, formattedAddress: formatAddress(address), address } : undefined;
  }
}

/** Our address fields from the hosted service's components; undefined for countries we do not ship to. */
export function addressOfComponents(components: HostedComponent[]): AddressParts | undefined {
  const part = (type: string, form: 'long_name' | 'short_name' = 'long_name') =>
    components.find((c) => c.types.includes(type))?.[form] ?? '';
  const country = part('country', 'short_name').toUpperCase();
  if (!isCountryCode(country)) return undefined;
  const street = [part('street_number'), part('route')].filter(Boolean).join(' ');
  const unit = part('subpremise');
  return normalizeAddress({
    line1: street || part('premise'),
    line2: [unit ? `Unit ${unit}` : '', country === 'NZ' || country === 'GB' ? part('sublocality') || part('neighborhood') : '']
      .filter(Boolean)
      .join(', '),
    city: part('locality') || part('postal_town') || part('sublocality'),
    // GB's first-level areas are its four countries; the rules know them by code, the service by name.
    region: country === 'GB' ? '' : part('administrative_area_level_1', 'short_name'),
    postalCode: part('postal_code'),
    country,
  });
}
