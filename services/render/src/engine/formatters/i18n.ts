// Locale-aware number, unit, plural and message formatters, all backed by Node's Intl (full
// ICU). Options are written `key:value` (`{n|decimal maxFrac:1}`), as CLDR-style formatters take
// them; the locale comes from the render options or the website.
import type { Ctx } from '../context.js';
import type { Call, FormatterFn } from '../types.js';
import { MSG_MESSAGE_INVALID_PLURAL_KEY, MSG_MESSAGE_NON_NUMERIC_OFFSET } from '../errors.js';
import { toNumber, toOutput } from '../values.js';
import { fail, options } from './util.js';

/** SPEC 9: number formats cap their digits; Intl's own maxima are lower than the cap of 50. */
const MAX_FRACTION = 20;
const MAX_SIGNIFICANT = 21;
const MAX_INTEGER = 21;

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(opts)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, opts);
    if (cache.size > 500) cache.clear();
    cache.set(key, f);
  }
  return f;
}

function digits(o: Map<string, string>, key: string, max: number, min = 0): number | undefined {
  const v = o.get(key);
  if (v === undefined) return undefined;
  const n = Math.trunc(Number(v));
  return Number.isFinite(n) ? Math.min(Math.max(n, min), max) : undefined;
}

function commonOptions(o: Map<string, string>): Intl.NumberFormatOptions {
  const opts: Intl.NumberFormatOptions = {};
  const group = o.get('group') ?? o.get('grouping');
  if (group !== undefined) opts.useGrouping = group !== 'false';
  const minInt = digits(o, 'minInt', MAX_INTEGER, 1);
  if (minInt !== undefined) opts.minimumIntegerDigits = minInt;
  const minFrac = digits(o, 'minFrac', MAX_FRACTION);
  const maxFrac = digits(o, 'maxFrac', MAX_FRACTION);
  if (minFrac !== undefined) opts.minimumFractionDigits = minFrac;
  if (maxFrac !== undefined) opts.maximumFractionDigits = Math.max(maxFrac, minFrac ?? 0);
  const minSig = digits(o, 'minSig', MAX_SIGNIFICANT, 1);
  const maxSig = digits(o, 'maxSig', MAX_SIGNIFICANT, 1);
  if (minSig !== undefined) opts.minimumSignificantDigits = minSig;
  if (maxSig !== undefined) opts.maximumSignificantDigits = Math.max(maxSig, minSig ?? 1);
  return opts;
}

const PLURAL_KEYS = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/** Picks a plural form: exact `=N` first, then the locale's category, then `other`. */
function pickPlural(forms: Map<string, string>, n: number, locale: string): string | undefined {
  return forms.get(`=${n}`) ?? forms.get(new Intl.PluralRules(locale).select(n)) ?? forms.get('other');
}

// A small ICU MessageFormat subset: {name}, {name, plural, [offset:N] =0 {...} one {...} other {...}},
// {name, select, key {...} other {...}} and '#' inside plural forms.
function formatMessage(pattern: string, args: Record<string, unknown>, locale: string): string {
  let i = 0;
  const readBlock = (pluralValue: string | null): string => {
    let out = '';
    while (i < pattern.length) {
      const ch = pattern[i] ?? '';
      if (ch === '}') return out;
      if (ch === '#' && pluralValue !== null) {
        out += pluralValue;
        i++;
        continue;
      }
      if (ch === '{') {
        i++;
        out += readArgument();
        continue;
      }
      out += ch;
      i++;
    }
    return out;
  };
  const readUntil = (stops: string): string => {
    const start = i;
    while (i < pattern.length && !stops.includes(pattern[i] ?? '')) i++;
    return pattern.slice(start, i).trim();
  };
  const readForms = (): Map<string, string> => {
    const forms = new Map<string, string>();
    for (;;) {
      while (/\s/.test(pattern[i] ?? '')) i++;
      if (i >= pattern.length || pattern[i] === '}') break;
      const key = readUntil('{}');
      if (pattern[i] !== '{') break;
      i++;
      const start = i;
      let depth = 1;
      while (i < pattern.length && depth > 0) {
        if (pattern[i] === '{') depth++;
        else if (pattern[i] === '}') depth--;
        i++;
      }
      forms.set(key, pattern.slice(start, i - 1));
    }
    return forms;
  };
  const readArgument = (): string => {
    const name = readUntil(',}');
    const value = args[name];
    if (pattern[i] === '}') {
      i++;
      return toOutput(value);
    }
    i++;
    const kind = readUntil(',}');
    if (pattern[i] === ',') i++;
    let offset = 0;
    const m = /^\s*offset:\s*(-?\d+)/.exec(pattern.slice(i));
    if (kind === 'plural' && m) {
      offset = Number(m[1]);
      i += m[0].length;
    }
    const forms = readForms();
    if (pattern[i] === '}') i++;
    let chosen: string | undefined;
    let hash: string | null = null;
    if (kind === 'plural') {
      for (const k of forms.keys()) if (!PLURAL_KEYS.has(k) && !/^=-?\d+$/.test(k)) fail(`${MSG_MESSAGE_INVALID_PLURAL_KEY} ${k}`);
      const n = toNumber(value);
      if (Number.isNaN(n)) {
        if (offset !== 0) fail(`${MSG_MESSAGE_NON_NUMERIC_OFFSET} ${name}`);
        chosen = forms.get('other');
      } else {
        chosen = forms.get(`=${n}`) ?? pickPlural(forms, n - offset, locale);
        hash = numberFormat(locale, {}).format(n - offset);
      }
    } else {
      chosen = forms.get(toOutput(value)) ?? forms.get('other');
    }
    if (chosen === undefined) return '';
    // Render the chosen form as a nested message.
    return formatMessage(hash === null ? chosen : chosen.replace(/#/g, hash), args, locale);
  };
  return readBlock(null);
}

function resolveArgs(c: Ctx, call: Call): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  call.args.forEach((a, idx) => {
    const eq = a.search(/[:=]/);
    out[eq < 0 ? String(idx) : a.slice(0, eq)] = c.lookup(eq < 0 ? a : a.slice(eq + 1));
  });
  return out;
}

export const i18nFormatters: Record<string, FormatterFn> = {
  /** Number in the locale: options style (decimal, percent, short, long), group, minInt, minFrac, maxFrac, minSig, maxSig. */
  decimal: (v, call, c) => {
    const n = toNumber(v);
    if (!Number.isFinite(n)) return '';
    const o = options(call);
    const opts = commonOptions(o);
    const style = o.get('style');
    if (style === 'percent') opts.style = 'percent';
    else if (style === 'short' || style === 'long') {
      opts.notation = 'compact';
      opts.compactDisplay = style;
    }
    return numberFormat(c.env.locale, opts).format(n);
  },
  /** A percentage value (12.5 → '12.50%'): 2 to 3 decimals, 0 to 3 with the `trim` option (SPEC 9). */
  'percentage-format': (v, call, c) => {
    const n = toNumber(v);
    if (!Number.isFinite(n)) return '';
    const trim = options(call).has('trim');
    return numberFormat(c.env.locale, { style: 'percent', minimumFractionDigits: trim ? 0 : 2, maximumFractionDigits: 3 }).format(n / 100);
  },
  /** A measure with its unit: `{n|unit unit:kilometer display:long}`. */
  unit: (v, call, c) => {
    const n = toNumber(v);
    if (!Number.isFinite(n)) return '';
    const o = options(call);
    const unit = o.get('unit') ?? call.args.find((a) => !/[:=]/.test(a));
    if (!unit) fail('unit needs a unit option, e.g. unit:kilometer');
    const display = o.get('display') ?? o.get('style') ?? 'short';
    const opts: Intl.NumberFormatOptions = {
      ...commonOptions(o),
      style: 'unit',
      unit,
      unitDisplay: display === 'long' || display === 'narrow' ? display : 'short',
    };
    return numberFormat(c.env.locale, opts).format(n);
  },
  /**
   * Picks a word by the locale's plural rules: `{n|plural item items}` (one/other) or
   * `{n|plural one:item few:items other:items}`; '#' in the word becomes the number.
   */
  plural: (v, call, c) => {
    const n = toNumber(v);
    const forms = new Map<string, string>();
    const FORM = /^(=-?\d+|zero|one|two|few|many|other)[:=](.*)$/s;
    if (call.args.some((a) => FORM.test(a))) {
      for (const a of call.args) {
        const m = FORM.exec(a);
        if (m?.[1] !== undefined) forms.set(m[1], m[2] ?? '');
      }
    } else {
      forms.set('one', call.args[0] ?? '');
      forms.set('other', call.args[1] ?? call.args[0] ?? '');
    }
    const word = Number.isFinite(n) ? pickPlural(forms, n, c.env.locale) : forms.get('other');
    return (word ?? '').replace(/#/g, Number.isFinite(n) ? numberFormat(c.env.locale, {}).format(n) : '');
  },
  /**
   * ICU-style message: the value is the pattern; arguments are `name:path` (or bare paths, named
   * 0, 1, ...) resolved in the context.
   */
  message: (v, call, c) => formatMessage(toOutput(v), resolveArgs(c, call), c.env.locale),
};
