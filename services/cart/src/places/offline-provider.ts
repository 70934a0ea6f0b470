// The built-in provider: no network, no key. It reads what the shopper typed with the country
// rules of address.ts and suggests the readings that make sense, written the country's way. Its
// place ids carry the address itself (base64url JSON), so details need no lookup table.
import { PlaceAddress, type PlacePrediction } from '@sc/contracts';
import { formatAddress, localityLine, normalizeAddress, readAddress, type AddressParts } from './address.js';
import { COUNTRIES } from './regions.js';
import type { AutocompleteRequest, PlaceDetails, PlacesProvider } from './provider.js';

const PREFIX = 'offline:';
const MAX_PREDICTIONS = 5;

export const offlinePlaceId = (address: AddressParts): string => PREFIX + Buffer.from(JSON.stringify(address)).toString('base64url');

function addressOfPlaceId(placeId: string): AddressParts | undefined {
  if (!placeId.startsWith(PREFIX)) return undefined;
  try {
    const parsed = PlaceAddress.safeParse(JSON.parse(Buffer.from(placeId.slice(PREFIX.length), 'base64url').toString('utf8')));
    return parsed.success ? normalizeAddress(parsed.data) : undefined;
  } catch {
    return undefined;
  }
}

export class OfflinePlacesProvider implements PlacesProvider {
  readonly name = 'offline';

  async autocomplete(request: AutocompleteRequest): Promise<PlacePrediction[]> {
    const seen = new Set<string>();
    const predictions: PlacePrediction[] = [];
    for (const reading of readAddress(request.input, request.country)) {
      const address = normalizeAddress(reading.address);
      const description = formatAddress(address);
      if (seen.has(description)) continue;
      seen.add(description);
      const street = [address.line1, address.line2].filter(Boolean).join(', ');
      predictions.push({
        placeId: offlinePlaceId(address),
        description,
        mainText: street || localityLine(address),
        secondaryText: [street ? localityLine(address) : '', COUNTRIES[address.country].name].filter(Boolean).join(', '),
      });
      if (predictions.length === MAX_PREDICTIONS) break;
    }
    return predictions;
  }

  async details(placeId: string): Promise<PlaceDetails | undefined> {
    const address = addressOfPlaceId(placeId);
    return address ? { placeId, formattedAddress: formatAddress(address), address } : undefined;
  }
}
