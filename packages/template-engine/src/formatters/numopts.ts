// Number options as the i18n formatters take them: `key:value` arguments (`maxFrac:1`,
// `style:short`, `group:false`, `no-group`) turned into @phensley/cldr format options.
import type { Call } from '../types.js';

/** Options of a CLDR number, currency or unit format (the union of their fields). */
export interface NumOpts {
  style?: string;
  round?: string;
  group?: boolean;
  minimumIntegerDigits?: number;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  minimumSignificantDigits?: number;
  maximumSignificantDigits?: number;
  length?: string;
  divisor?: number;
}

const INT_KEYS: Record<string, keyof NumOpts> = {
  minInt: 'minimumIntegerDigits',
  minimumIntegerDigits: 'minimumIntegerDigits',
  minFrac: 'minimumFractionDigits',
  minimumFractionDigits: 'minimumFractionDigits',
  maxFrac: 'maximumFractionDigits',
  maximumFractionDigits: 'maximumFractionDigits',
  minSig: 'minimumSignificantDigits',
  minimumSignificantDigits: 'minimumSignificantDigits',
  maxSig: 'maximumSignificantDigits',
  maximumSignificantDigits: 'maximumSignificantDigits',
};

// Each option is also accepted in lower case (`maxfrac:1`), as the reference accepts it.
for (const [k, v] of Object.entries(INT_KEYS)) INT_KEYS[k.toLowerCase()] = v;

const cache = new WeakMap<Call, NumOpts>();

/** The number options written in a formatter call (cached per call site). */
export function numberOptions(call: Call): NumOpts {
  let o = cache.get(call);
  if (o) return o;
  o = parseNumberOptions(call.args);
  cache.set(call, o);
  return o;
}

/** Number options from `key:value` words. */
export function parseNumberOptions(args: readonly string[]): NumOpts {
  const o: NumOpts = {};
  for (const a of args) {
    const i = a.indexOf(':');
    const key = i < 0 ? a : a.slice(0, i);
    const value = i < 0 ? '' : a.slice(i + 1);
    const int = INT_KEYS[key];
    if (int) {
      const n = Number.parseInt(value, 10);
      if (Number.isFinite(n)) (o as Record<string, unknown>)[int] = n;
      continue;
    }
    switch (key) {
      case 'style':
      case 'round':
      case 'length':
        o[key] = value;
        break;
      case 'group':
      case 'grouping':
        o.group = i < 0 || value === 'true';
        break;
      case 'no-group':
        o.group = false;
        break;
      default:
        break;
    }
  }
  return o;
}
