// Countries the offline address provider knows: the storefront's installment countries (SPEC 5
// "Installments": US, CA, AU, NZ, GB), with their regions, postal-code formats and how a postal
// code tells the region. Public postal facts, kept as data so the rules below stay small.

export type CountryCode = 'US' | 'CA' | 'AU' | 'NZ' | 'GB';

export interface Region {
  code: string;
  name: string;
}

export interface CountryRules {
  code: CountryCode;
  name: string;
  /** What the country calls its postal code and its regions, for messages. */
  postalLabel: string;
  regionLabel: string;
  regions: readonly Region[];
  /** The accepted shapes of a postal code, after normalizePostal. */
  postal: RegExp;
  /** Canonical spelling of a postal code (upper case, the country's spacing). */
  normalizePostal: (raw: string) => string;
  /** The region codes a (normalised, valid) postal code can belong to; undefined when any. */
  regionsOfPostal?: (postal: string) => readonly string[] | undefined;
  /** Whether a region is required in an address of this country. */
  regionRequired: boolean;
}

const r = (pairs: string): Region[] =>
  pairs.split(';').map((pair) => {
    const [code, name] = pair.split('=');
    return { code: code!.trim(), name: name!.trim() };
  });

const US_REGIONS = r(
  'AL=Alabama;AK=Alaska;AZ=Arizona;AR=Arkansas;CA=California;CO=Colorado;CT=Connecticut;DE=Delaware;DC=District of Columbia;' +
    'FL=Florida;GA=Georgia;HI=Hawaii;ID=Idaho;IL=Illinois;IN=Indiana;IA=Iowa;KS=Kansas;KY=Kentucky;LA=Louisiana;ME=Maine;' +
    'MD=Maryland;MA=Massachusetts;MI=Michigan;MN=Minnesota;MS=Mississippi;MO=Missouri;MT=Montana;NE=Nebraska;NV=Nevada;' +
    'NH=New Hampshire;NJ=New Jersey;NM=New Mexico;NY=New York;NC=North Carolina;ND=North Dakota;OH=Ohio;OK=Oklahoma;' +
    'OR=Oregon;PA=Pennsylvania;RI=Rhode Island;SC=South Carolina;SD=South Dakota;TN=Tennessee;TX=Texas;UT=Utah;VT=Vermont;' +
    'VA=Virginia;WA=Washington;WV=West Virginia;WI=Wisconsin;WY=Wyoming;PR=Puerto Rico;VI=U.S. Virgin Islands;GU=Guam;' +
    'AS=American Samoa;MP=Northern Mariana Islands;AA=Armed Forces Americas;AE=Armed Forces Europe;AP=Armed Forces Pacific',
);

// The first three digits of a ZIP code by state (USPS sectional centres).
const US_ZIP3: Record<string, string> = {
  AL: '350-369',
  AK: '995-999',
  AZ: '850-865',
  AR: '716-729',
  CA: '900-961',
  CO: '800-816',
  CT: '060-069',
  DE: '197-199',
  DC: '200-205,569',
  FL: '320-349',
  GA: '300-319,398-399',
  HI: '967-968',
  ID: '832-838',
  IL: '600-629',
  IN: '460-479',
  IA: '500-528',
  KS: '660-679',
  KY: '400-427',
  LA: '700-714',
  ME: '039-049',
  MD: '206-219',
  MA: '010-027,055',
  MI: '480-499',
  MN: '550-567',
  MS: '386-397',
  MO: '630-658',
  MT: '590-599',
  NE: '680-693',
  NV: '889-898',
  NH: '030-038',
  NJ: '070-089',
  NM: '870-884',
  NY: '005,063,100-149',
  NC: '270-289',
  ND: '580-588',
  OH: '430-459',
  OK: '730-749',
  OR: '970-979',
  PA: '150-196',
  RI: '028-029',
  SC: '290-299',
  SD: '570-577',
  TN: '370-385',
  TX: '733,750-799,885',
  UT: '840-847',
  VT: '050-059',
  VA: '201,220-246',
  WA: '980-994',
  WV: '247-268',
  WI: '530-549',
  WY: '820-831',
  PR: '006-007,009',
  VI: '008',
  GU: '969',
  AS: '967',
  MP: '969',
  AA: '340',
  AE: '090-098',
  AP: '962-966',
};

/** Region codes whose ranges (e.g. '100-149,005') contain the number `n`. */
function regionsInRanges(table: Record<string, string>, n: number): string[] {
  const found: string[] = [];
  for (const [region, ranges] of Object.entries(table)) {
    for (const range of ranges.split(',')) {
      const [lo, hi = lo] = range.split('-').map(Number);
      if (n >= lo! && n <= hi!) {
        found.push(region);
        break;
      }
    }
  }
  return found;
}

const CA_REGIONS = r(
  'AB=Alberta;BC=British Columbia;MB=Manitoba;NB=New Brunswick;NL=Newfoundland and Labrador;NS=Nova Scotia;' +
    'NT=Northwest Territories;NU=Nunavut;ON=Ontario;PE=Prince Edward Island;QC=Quebec;SK=Saskatchewan;YT=Yukon',
);

// The first letter of a Canadian postal code names its province or territory.
const CA_FIRST_LETTER: Record<string, string[]> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
};

const AU_REGIONS = r(
  'ACT=Australian Capital Territory;NSW=New South Wales;NT=Northern Territory;QLD=Queensland;SA=South Australia;' +
    'TAS=Tasmania;VIC=Victoria;WA=Western Australia',
);

const AU_POSTCODES: Record<string, string> = {
  NSW: '1000-2599,2619-2899,2921-2999',
  ACT: '200-299,2600-2618,2900-2920',
  VIC: '3000-3999,8000-8999',
  QLD: '4000-4999,9000-9999',
  SA: '5000-5999',
  WA: '6000-6999',
  TAS: '7000-7999',
  NT: '800-999',
};

const NZ_REGIONS = r(
  "AUK=Auckland;BOP=Bay of Plenty;CAN=Canterbury;GIS=Gisborne;HKB=Hawke's Bay;MBH=Marlborough;MWT=Manawatū-Whanganui;" +
    'NSN=Nelson;NTL=Northland;OTA=Otago;STL=Southland;TAS=Tasman;TKI=Taranaki;WGN=Wellington;WKO=Waikato;WTC=West Coast;' +
    'CIT=Chatham Islands',
);

const GB_REGIONS = r('ENG=England;NIR=Northern Ireland;SCT=Scotland;WLS=Wales');

// Outward codes: area letters, district digit(s) and an optional letter; inward: digit and two letters.
const GB_POSTCODE = /^(?:[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|GIR 0AA)$/;

// Postcode areas of Scotland, Wales and Northern Ireland (the rest are England; a few areas
// straddle a border, so those answer both).
const GB_AREAS: Record<string, string[]> = {
  AB: ['SCT'],
  DD: ['SCT'],
  DG: ['SCT'],
  EH: ['SCT'],
  FK: ['SCT'],
  G: ['SCT'],
  HS: ['SCT'],
  IV: ['SCT'],
  KA: ['SCT'],
  KW: ['SCT'],
  KY: ['SCT'],
  ML: ['SCT'],
  PA: ['SCT'],
  PH: ['SCT'],
  TD: ['SCT', 'ENG'],
  ZE: ['SCT'],
  CF: ['WLS'],
  LD: ['WLS', 'ENG'],
  LL: ['WLS', 'ENG'],
  NP: ['WLS', 'ENG'],
  SA: ['WLS'],
  SY: ['WLS', 'ENG'],
  CH: ['ENG', 'WLS'],
  BT: ['NIR'],
};

const compact = (raw: string) => raw.toUpperCase().replace(/[\s-]+/g, '');

export const COUNTRIES: Readonly<Record<CountryCode, CountryRules>> = {
  US: {
    code: 'US',
    name: 'United States',
    postalLabel: 'ZIP code',
    regionLabel: 'state',
    regions: US_REGIONS,
    postal: /^\d{5}(?:-\d{4})?$/,
    normalizePostal: (raw) => {
      const digits = raw.replace(/[\s-]+/g, '');
      return /^\d{9}$/.test(digits) ? `${digits.slice(0, 5)}-${digits.slice(5)}` : raw.trim();
    },
    regionsOfPostal: (postal) => regionsInRanges(US_ZIP3, Number(postal.slice(0, 3))),
    regionRequired: true,
  },
  CA: {
    code: 'CA',
    name: 'Canada',
    postalLabel: 'postal code',
    regionLabel: 'province',
    regions: CA_REGIONS,
    // No D, F, I, O, Q or U anywhere; no W or Z first.
    postal: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/,
    normalizePostal: (raw) => {
      const c = compact(raw);
      return c.length === 6 ? `${c.slice(0, 3)} ${c.slice(3)}` : raw.trim().toUpperCase();
    },
    regionsOfPostal: (postal) => CA_FIRST_LETTER[postal[0]!],
    regionRequired: true,
  },
  AU: {
    code: 'AU',
    name: 'Australia',
    postalLabel: 'postcode',
    regionLabel: 'state',
    regions: AU_REGIONS,
    postal: /^\d{4}$/,
    normalizePostal: (raw) => raw.trim(),
    regionsOfPostal: (postal) => regionsInRanges(AU_POSTCODES, Number(postal)),
    regionRequired: true,
  },
  NZ: {
    code: 'NZ',
    name: 'New Zealand',
    postalLabel: 'postcode',
    regionLabel: 'region',
    regions: NZ_REGIONS,
    postal: /^\d{4}$/,
    normalizePostal: (raw) => raw.trim(),
    regionRequired: false,
  },
  GB: {
    code: 'GB',
    name: 'United Kingdom',
    postalLabel: 'postcode',
    regionLabel: 'country',
    regions: GB_REGIONS,
    postal: GB_POSTCODE,
    normalizePostal: (raw) => {
      const c = compact(raw);
      return c.length >= 5 && c.length <= 7 ? `${c.slice(0, -3)} ${c.slice(-3)}` : raw.trim().toUpperCase();
    },
    regionsOfPostal: (postal) => {
      const area = /^[A-Z]{1,2}/.exec(postal)?.[0] ?? '';
      return GB_AREAS[area] ?? ['ENG'];
    },
    regionRequired: false,
  },
};

export const COUNTRY_CODES = Object.keys(COUNTRIES) as CountryCode[];

export function isCountryCode(value: string): value is CountryCode {
  return Object.hasOwn(COUNTRIES, value);
}

/** The country of a code or a name ('us', 'USA', 'United Kingdom', 'UK'), if known. */
export function countryOf(text: string): CountryRules | undefined {
  const t = text.trim().toUpperCase().replace(/\./g, '');
  const alias: Record<string, CountryCode> = {
    USA: 'US',
    'UNITED STATES OF AMERICA': 'US',
    UK: 'GB',
    'GREAT BRITAIN': 'GB',
    ENGLAND: 'GB',
    SCOTLAND: 'GB',
    WALES: 'GB',
    'NORTHERN IRELAND': 'GB',
  };
  if (isCountryCode(t)) return COUNTRIES[t];
  if (alias[t]) return COUNTRIES[alias[t]];
  return COUNTRY_CODES.map((code) => COUNTRIES[code]).find((c) => c.name.toUpperCase() === t);
}

/** A region of `country` by its code or name, case-insensitive. */
export function regionOf(country: CountryRules, text: string): Region | undefined {
  const t = text.trim().toUpperCase().replace(/\./g, '');
  return country.regions.find((region) => region.code === t || region.name.toUpperCase() === t);
}
