// Public entry of the template engine: render(template, data, options) and compile(template).
// compile() parses once and builds closures; its render() can run many times. Partials are
// compiled on first use and cached by their source text. Nothing here throws: every problem is
// an entry in `errors`, with its position, and the output is as complete as possible.
import type { Env, PartialLoader, Program } from './context.js';
import type { EngineError } from './errors.js';
import { Ctx } from './context.js';
import { LineIndex } from './errors.js';
import { compileBlock } from './compiler.js';
import { FORMATTERS } from './formatters/index.js';
import { parse } from './parser.js';
import { PREDICATES } from './predicates/index.js';
import { getPath, isObject } from './values.js';

export type { EngineError, ErrorCode } from './errors.js';
export * as messages from './errors.js';
// What the render service and the benches use beside render/compile: the responsive-image markup
// the theme's blocks and islands share with the `site-` image formatters, the sold-out rule of the
// commerce formatters, and a locale's CLDR pack (benches format with it directly).
export { imageSrcset, parseSize } from './formatters/image.js';
export { isSoldOut } from './commerce.js';
export { cldrFor } from './cldr.js';

/** Options of one render. `now` fixes the clock for relative-time formatters (tests, previews). */
export interface RenderOptions {
  partials?: Record<string, string>;
  locale?: string;
  timezone?: string;
  now?: number | Date;
}

export interface RenderResult {
  output: string;
  errors: unknown[];
}

/** A template parsed and compiled once. */
export interface CompiledTemplate {
  /** Problems found while parsing (repeated in every render's errors). */
  readonly errors: readonly EngineError[];
  render(data: unknown, options?: RenderOptions): RenderResult;
}

/** The SPEC default time zone. */
export const DEFAULT_TIME_ZONE = 'America/New_York';
export const DEFAULT_LOCALE = 'en-US';

const vocabulary = {
  hasFormatter: (name: string): boolean => FORMATTERS.has(name),
  hasPredicate: (name: string): boolean => PREDICATES.has(name),
};

function buildProgram(src: string): Program {
  const errors: EngineError[] = [];
  const lines = new LineIndex(src);
  const nodes = parse(src, vocabulary, errors, (o) => lines.locate(o));
  const exec = compileBlock(nodes);
  return { exec, errors, lines };
}

// Partials are usually the same few files for every page: compile each source once.
const partialCache = new Map<string, Program>();
const PARTIAL_CACHE_MAX = 512;

function programFor(src: string): Program {
  let p = partialCache.get(src);
  if (!p) {
    p = buildProgram(src);
    if (partialCache.size >= PARTIAL_CACHE_MAX) partialCache.clear();
    partialCache.set(src, p);
  }
  return p;
}

// Checking a zone builds an Intl formatter, which is slow: remember the answer per zone name.
const zoneValidity = new Map<string, boolean>();
let lastZone = '';
let lastZoneOk = false;
function validTimeZone(tz: string): boolean {
  if (tz === lastZone) return lastZoneOk;
  let ok = zoneValidity.get(tz);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      ok = true;
    } catch {
      ok = false;
    }
    if (zoneValidity.size < 1000) zoneValidity.set(tz, ok);
  }
  lastZone = tz;
  lastZoneOk = ok;
  return ok;
}

const NO_PARTIALS: Record<string, string> = {};

/** The render's partials, looked up by name (own entries only). */
class Partials {
  constructor(private readonly partials: Record<string, string>) {}
  readonly partialSource = (name: string): string | undefined =>
    Object.prototype.hasOwnProperty.call(this.partials, name) ? this.partials[name] : undefined;
  readonly loadPartial: PartialLoader = (name) => {
    const src = this.partialSource(name);
    return src === undefined ? null : programFor(src);
  };
}
const noPartials = new Partials(NO_PARTIALS);

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function run(program: Program, data: unknown, options: RenderOptions | undefined): RenderResult {
  const partials = options?.partials === undefined ? noPartials : new Partials(options.partials);
  // Locale and zone come from the options, else from the website, else the SPEC defaults.
  const website = isObject(data) ? getPath(data, ['website']) : undefined;
  const tz = str(options?.timezone) ?? str(getPath(website, ['timeZone'])) ?? DEFAULT_TIME_ZONE;
  const now = options?.now;
  const env: Env = {
    locale: str(options?.locale) ?? str(getPath(website, ['language'])) ?? DEFAULT_LOCALE,
    timeZone: validTimeZone(tz) ? tz : DEFAULT_TIME_ZONE,
    now: now === undefined ? Date.now() : typeof now === 'number' ? now : now.getTime(),
    partialSource: partials.partialSource,
    loadPartial: partials.loadPartial,
  };
  const c = new Ctx(data, env, program.lines);
  for (let i = 0; i < program.errors.length; i++) c.errors.push(program.errors[i] as EngineError);
  try {
    program.exec(c);
  } catch (e) {
    c.error('RENDER_INTERNAL', `Internal error: ${e instanceof Error ? e.message : String(e)}`, c.pos);
  }
  return { output: c.out, errors: c.errors };
}

/** Parses and compiles a template once; the result renders many times without re-parsing. */
export function compile(template: string): CompiledTemplate {
  const program = buildProgram(template);
  return {
    errors: program.errors,
    render: (data, options) => run(program, data, options),
  };
}

/** Renders a template with data; never throws, problems are listed in `errors`. */
export function render(template: string, data: unknown, options?: RenderOptions): RenderResult {
  return run(programFor(template), data, options);
}
