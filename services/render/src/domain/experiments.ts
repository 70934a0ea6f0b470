// SPEC 4 "Other": a website whose status is INTERNAL may override its experiment flags with query
// parameters (`?flag-videoPaywall=on`); an override is kept for the browser session (a session
// cookie), `?flag-{name}=reset` clears one and `?flags=reset` all of them. The flags are the SPEC 6
// beta flags and kill switch, so an override gates exactly what the flag gates: the page is built
// from the overridden flags (product reviews, lesson tracking, commerce metrics in the islands).
// Any other site ignores the parameters and the cookie. Pure functions.
import {
  AccountSubscriptionState,
  EXPERIMENT_COOKIE,
  EXPERIMENT_FLAGS,
  EXPERIMENT_PARAM_PREFIX,
  EXPERIMENT_RESET,
  EXPERIMENT_RESET_PARAM,
  type ExperimentFlag,
  type ExperimentsContext,
} from '@sc/contracts';
import type { SiteData } from '../pages/site-context.js';

export type Overrides = Partial<Record<ExperimentFlag, boolean>>;

const ON = new Set(['on', 'true', '1', 'yes']);
const OFF = new Set(['off', 'false', '0', 'no']);
const isFlag = (name: string): name is ExperimentFlag => (EXPERIMENT_FLAGS as readonly string[]).includes(name);

/** The overrides kept in the session cookie (`name:1,name:0`); anything else in it is ignored. */
export function overridesFromCookie(value: string | undefined): Overrides {
  const out: Overrides = {};
  for (const part of (value ?? '').split(',')) {
    const [name = '', bit] = part.split(':');
    if (isFlag(name) && (bit === '1' || bit === '0')) out[name] = bit === '1';
  }
  return out;
}

/** The cookie value of a set of overrides ('' when there are none), in a fixed order. */
export function cookieValue(overrides: Overrides): string {
  return EXPERIMENT_FLAGS.filter((flag) => overrides[flag] !== undefined)
    .map((flag) => `${flag}:${overrides[flag] ? '1' : '0'}`)
    .join(',');
}

/** The session's overrides after this request's query parameters, and whether they changed. */
export function applyQuery(current: Overrides, query: Readonly<Record<string, unknown>>): { overrides: Overrides; changed: boolean } {
  const first = (value: unknown): string | undefined =>
    Array.isArray(value) ? first(value[0]) : typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  let overrides: Overrides = { ...current };
  if (first(query[EXPERIMENT_RESET_PARAM]) === EXPERIMENT_RESET) overrides = {};
  for (const flag of EXPERIMENT_FLAGS) {
    const value = first(query[`${EXPERIMENT_PARAM_PREFIX}${flag}`]);
    if (value === undefined) continue;
    if (value === EXPERIMENT_RESET) delete overrides[flag];
    else if (ON.has(value)) overrides[flag] = true;
    else if (OFF.has(value)) overrides[flag] = false;
  }
  return { overrides, changed: cookieValue(overrides) !== cookieValue(current) };
}

/** Whether the request carries any experiment parameter (the overrides cookie is then rewritten). */
export function hasExperimentParams(query: Readonly<Record<string, unknown>>): boolean {
  return Object.keys(query).some((key) => key === EXPERIMENT_RESET_PARAM || key.startsWith(EXPERIMENT_PARAM_PREFIX));
}

/** The Set-Cookie of the overrides: a session cookie (no expiry), or its removal when there are none. */
export function overridesCookie(overrides: Overrides, secure: boolean): string {
  const value = cookieValue(overrides);
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return value === '' ? `${EXPERIMENT_COOKIE}=; Max-Age=0; ${attributes}` : `${EXPERIMENT_COOKIE}=${value}; ${attributes}`;
}

/**
 * The site as its pages see it: under INTERNAL status the overrides replace the flags they name
 * (in site.settings.betaFlags, which every gated feature reads), and `experiments` says what is in force.
 */
export function withExperiments(data: SiteData, overrides: Overrides): SiteData {
  const settings = data.site.settings;
  const overridable = settings.siteStatus === AccountSubscriptionState.INTERNAL;
  const active: Overrides = overridable ? overrides : {};
  const betaFlags = { ...settings.betaFlags, ...active };
  const experiments: ExperimentsContext = {
    overridable,
    overrides: { ...active },
    flags: Object.fromEntries(EXPERIMENT_FLAGS.map((flag) => [flag, betaFlags[flag]])),
  };
  return { ...data, site: { ...data.site, settings: { ...settings, betaFlags } }, experiments };
}
