// Addresses as the offline provider understands them: free text split into its parts, checked
// against the country's rules (regions, postal-code shape, postal code inside the region) and
// written back in the country's layout. Pure functions; no I/O.
import { COUNTRIES, COUNTRY_CODES, countryOf, regionOf, type CountryCode, type CountryRules } from './regions.js';

export interface AddressParts {
  line1: string;
  line2: string;
  city: string;
  /** Region code (state, province...) or '' when none. */
  region: string;
  postalCode: string;
  country: CountryCode;
}

/** One reading of a typed address, with how sure we are of it and what is wrong with it. */
export interface AddressReading {
  address: AddressParts;
  score: number;
  problems: string[];
}

// Postal codes as people type them (any case, optional spaces); normalised by the country after.
const LOOSE_POSTAL: Record<CountryCode, RegExp> = {
  US: /\b(\d{5})(?:[\s-]?(\d{4}))?\b/,
  CA: /\b([A-Za-z]\d[A-Za-z])\s?(\d[A-Za-z]\d)\b/,
  AU: /\b(\d{4})\b/,
  NZ: /\b(\d{4})\b/,
  GB: /\b([A-Za-z]{1,2}\d[A-Za-z\d]?)\s*(\d[A-Za-z]{2})\b/,
};

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Takes the region off the end of `text` (its last one to three words), if they name one. */
function takeRegion(country: CountryRules, text: string): { region: string; rest: string } {
  const list = words(text);
  for (let n = Math.min(3, list.length); n >= 1; n--) {
    const region = regionOf(country, list.slice(-n).join(' '));
    if (region) return { region: region.code, rest: list.slice(0, -n).join(' ') };
  }
  return { region: '', rest: text.trim() };
}

/** Reads `parts` (the comma-separated pieces, country already removed) as an address of `country`. */
function readAs(country: CountryRules, parts: string[]): AddressReading {
  const pieces = [...parts];
  let tail = pieces.pop() ?? '';
  let postalCode = '';
  const match = LOOSE_POSTAL[country.code].exec(tail);
  if (match) {
    postalCode = country.normalizePostal(match[2] ? `${match[1]}${match[2]}` : match[1]!);
    tail = `${tail.slice(0, match.index)} ${tail.slice(match.index + match[0].length)}`.trim();
  }
  // Where addresses carry no region (NZ, GB), a trailing word like 'Auckland' is the city.
  const { region, rest } = country.regionRequired ? takeRegion(country, tail) : { region: '', rest: tail.trim() };
  // "Mountain View CA 94043" in one piece leaves the city in front; "Springfield, IL 62704" leaves
  // nothing, and the city is the piece before.
  let city = rest;
  if (!city && pieces.length > 1) city = pieces.pop() ?? '';
  if (!city && !postalCode && !region) {
    // Nothing recognised at the end: the last piece is a city only if a street came before it.
    city = pieces.length > 0 ? tail : '';
    if (!city) pieces.push(tail);
  }
  const [line1 = '', ...more] = pieces;
  const address: AddressParts = { line1, line2: more.join(', '), city, region, postalCode, country: country.code };
  const problems = addressProblems(address);
  let score = 0;
  if (postalCode && country.postal.test(postalCode)) score += 2;
  if (region) score += 2;
  if (region && postalCode && !problems.some((p) => p.includes(' is not in '))) score += 1;
  if (line1 && city) score += 1;
  return { address, score, problems };
}

/**
 * The readings of a typed address, best first: the country it names (or `country`, or every
 * known one) read the way that country writes addresses. Readings that recognise nothing are left out.
 */
export function readAddress(text: string, country?: CountryCode): AddressReading[] {
  const parts = text
    .split(/[,\n]/)
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  if (parts.length === 0) return [];
  const named = parts.length > 1 ? countryOf(parts[parts.length - 1]!) : undefined;
  if (named) parts.pop();
  const candidates = named ? [named] : country ? [COUNTRIES[country]] : COUNTRY_CODES.map((code) => COUNTRIES[code]);
  return candidates
    .map((candidate) => readAs(candidate, parts))
    .filter((reading) => reading.score >= 2)
    .sort((a, b) => b.score - a.score || a.problems.length - b.problems.length);
}

/** What is wrong with an address, as messages a shopper can act on (empty when it is fine). */
export function addressProblems(address: AddressParts): string[] {
  const country = COUNTRIES[address.country];
  const problems: string[] = [];
  const knownRegion = country.regions.some((r) => r.code === address.region);
  if (!address.line1.trim()) problems.push('Enter a street address.');
  if (!address.city.trim()) problems.push('Enter a city.');
  if (address.region && !knownRegion) {
    problems.push(`${address.region} is not a ${country.regionLabel} of ${country.name}.`);
  } else if (!address.region && country.regionRequired) {
    problems.push(`Choose a ${country.regionLabel}.`);
  }
  const postal = address.postalCode;
  if (!postal) problems.push(`Enter a ${country.postalLabel}.`);
  else if (!country.postal.test(postal)) problems.push(`${postal} is not a valid ${country.postalLabel} in ${country.name}.`);
  else if (knownRegion && country.regionsOfPostal) {
    const regions = country.regionsOfPostal(postal);
    if (regions && regions.length > 0 && !regions.includes(address.region)) {
      problems.push(`${country.postalLabel.charAt(0).toUpperCase()}${country.postalLabel.slice(1)} ${postal} is not in ${address.region}.`);
    }
  }
  return problems;
}

/** An address whose postal code and region are in their canonical spelling. */
export function normalizeAddress(address: AddressParts): AddressParts {
  const country = COUNTRIES[address.country];
  const region = address.region ? (regionOf(country, address.region)?.code ?? address.region.toUpperCase()) : '';
  return {
    line1: address.line1.trim(),
    line2: address.line2.trim(),
    city: address.city.trim(),
    region,
    postalCode: address.postalCode ? country.normalizePostal(address.postalCode) : '',
    country: country.code,
  };
}

/** The locality line in the country's layout: 'Springfield, IL 62704', 'Toronto ON M5V 2T6', 'London SW1A 1AA'. */
export function localityLine(address: AddressParts): string {
  const join = (...items: string[]) => items.filter(Boolean).join(' ');
  switch (address.country) {
    case 'US':
      return [address.city, join(address.region, address.postalCode)].filter(Boolean).join(', ');
    case 'CA':
    case 'AU':
      return join(address.city, address.region, address.postalCode);
    case 'NZ':
    case 'GB':
      return join(address.city, address.postalCode);
  }
}

/** The whole address on one line, ending with the country's name. */
export function formatAddress(address: AddressParts): string {
  return [address.line1, address.line2, localityLine(address), COUNTRIES[address.country].name].filter(Boolean).join(', ');
}
