// Locale-aware number and message formatters, through @phensley/cldr (the CLDR library the
// reference engine uses). Options are `key:value` words (`{n|decimal maxFrac:1 style:short}`).
// Measured against the reference: `unit` and `plural` leave a scalar as written; a message's
// arguments are template variables, and `{0 money}`, `{0 datetime}`, `{0 decimal}` inside it
// format like the formatters of the same name.
import type { DecimalFormatOptions, MessageArg, MessageFormatFuncMap } from '@phensley/cldr';
import type { Ctx } from '../context.js';
import type { FormatterFn } from '../context.js';
import { cldrFor } from '../cldr.js';
import { isObject, toOutput } from '../values.js';
import { formatDateTime, instantOf } from './cldrdate.js';
import { formatInterval } from './date.js';
import { formatCurrency, moneyParts } from './money.js';
import { numberOptions, parseNumberOptions } from './numopts.js';

/** A number or a numeric string as the CLDR decimal it denotes; null for anything else. */
function decimalArg(v: unknown): number | string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() === v && v !== '' && Number.isFinite(Number(v))) return v;
  return null;
}

const DECIMAL_STYLES = new Set(['decimal', 'short', 'long', 'scientific', 'percent', 'percent-scaled', 'permille', 'permille-scaled']);

function formatDecimal(c: Ctx, n: number | string, o: ReturnType<typeof parseNumberOptions>): string {
  const style = o.style !== undefined && DECIMAL_STYLES.has(o.style) ? o.style : undefined;
  try {
    return cldrFor(c.env.locale).Numbers.formatDecimal(n, { ...o, style } as DecimalFormatOptions);
  } catch {
    return '';
  }
}

/** Scalars as written, objects empty (formatters the reference leaves inert). */
const inert: FormatterFn = (v) => (isObject(v) ? '' : v);

const PERCENT_OPTIONS = { minimumFractionDigits: 2, maximumFractionDigits: 3 };

// One message formatter per locale, with the template formatters usable inside messages.
const messageFormatters = new Map<
  string,
  { fmt: ReturnType<ReturnType<typeof cldrFor>['General']['messageFormatter']>; ctx: { c: Ctx | null } }
>();

function messageFormatter(c: Ctx) {
  let m = messageFormatters.get(c.env.locale);
  if (!m) {
    const ctx: { c: Ctx | null } = { c: null };
    const money = (args: MessageArg[], opts: string[]): string => {
      const p = moneyParts(args[0]);
      return p && ctx.c ? formatCurrency(ctx.c, p.value, p.currency, { name: 'money', args: opts, raw: '', refs: [] }) : '';
    };
    const decimal = (args: MessageArg[], opts: string[]): string => {
      const n = decimalArg(args[0]);
      return n !== null && ctx.c ? formatDecimal(ctx.c, n, parseNumberOptions(opts)) : '';
    };
    const formatters: MessageFormatFuncMap = {
      money,
      currency: money,
      decimal,
      number: decimal,
      datetime: (args, opts) => (ctx.c ? formatDateTime(ctx.c, instantOf(args[0]), opts) : ''),
      'datetime-interval': (args, opts) => (ctx.c ? formatInterval(ctx.c, args[0], args[1], opts) : ''),
    };
    m = { fmt: cldrFor(c.env.locale).General.messageFormatter({ formatters }), ctx };
    messageFormatters.set(c.env.locale, m);
  }
  return m;
}

/** Formats an ICU message with the template formatters (money, decimal, datetime) inside it; '' when it does not parse. */
export function formatMessage(c: Ctx, pattern: string, positional: unknown[], named: Record<string, unknown>): string {
  const m = messageFormatter(c);
  const saved = m.ctx.c;
  m.ctx.c = c;
  try {
    return m.fmt.format(pattern, positional as MessageArg[], named);
  } catch {
    return '';
  } finally {
    m.ctx.c = saved;
  }
}

export const i18nFormatters: Record<string, FormatterFn> = {
  /** A number in the locale: style (short, long, percent, scientific), group, minInt, minFrac, maxFrac, minSig, maxSig. */
  decimal: (v, call, c) => {
    const n = decimalArg(v);
    return n === null ? '' : formatDecimal(c, n, numberOptions(call));
  },
  /** A number with two to three decimals in the locale (the reference adds no percent sign). */
  'percentage-format': (v, _call, c) => formatDecimal(c, decimalArg(v) ?? 0, PERCENT_OPTIONS),
  unit: inert,
  plural: inert,
  /**
   * ICU message: the value is the pattern; bare arguments are variables passed by position
   * ({0}, {1}), `name:path` ones by name.
   */
  message: (v, call, c) => {
    if (isObject(v) || Array.isArray(v)) return '';
    const positional: unknown[] = [];
    const named: Record<string, unknown> = {};
    for (const a of call.args) {
      const i = a.indexOf(':');
      if (i < 0) positional.push(c.lookup(a));
      else named[a.slice(0, i)] = c.lookup(a.slice(i + 1));
    }
    const m = messageFormatter(c);
    m.ctx.c = c;
    try {
      return m.fmt.format(toOutput(v), positional as MessageArg[], named);
    } catch {
      return '';
    } finally {
      m.ctx.c = null;
    }
  },
};
