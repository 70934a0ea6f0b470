// The variable-resolution stack. Each section pushes a frame; a name is looked up from the
// innermost frame outwards (as JSON-Template does), and only the first segment of a dotted path
// walks the stack: the rest is read from the value found. `@` is the current frame's value,
// `@index` the 1-based position in the nearest repeated section (`@index0` 0-based), and
// `@name` a variable bound by .var, .ctx, .inject or an .eval assignment.
import type { EngineError, ErrorCode, LineIndex } from './errors.js';
import { MSG_PARTIAL_NOT_FOUND, MSG_PARTIAL_PARSE_FAILURE, MSG_RECURSION_LIMIT } from './errors.js';
import type { Arg, Call, Seg, VarRef } from './types.js';
import { getPath, getProp, splitPath } from './values.js';

/** One level of the stack. */
export class Frame {
  vars: Map<string, unknown> | null = null;
  macros: Map<string, Exec> | null = null;
  constructor(
    readonly node: unknown,
    readonly parent: Frame | null,
    /** 0-based position when this frame is an item of a repeated section, else -1. */
    readonly index: number,
  ) {}
}

/** A compiled template or partial as the renderer needs it. */
export interface Program {
  readonly exec: Exec;
  readonly errors: readonly EngineError[];
  readonly lines: LineIndex;
}

/** Loads a partial by name; null when there is no such partial. */
export type PartialLoader = (name: string) => Program | null;

/** Render-wide settings. */
export interface Env {
  readonly locale: string;
  readonly timeZone: string;
  readonly now: number;
  readonly partialSource: (name: string) => string | undefined;
  readonly loadPartial: PartialLoader;
}

/** SPEC 9: partials nest at most 16 deep. */
export const MAX_INCLUDE_DEPTH = 16;

const refCache = new Map<string, VarRef>();

/** Parses a variable name (`a.b.0`, `@`, `@index`, `@x.y`) into a reference; cached. */
export function parseVarRef(name: string): VarRef {
  let ref = refCache.get(name);
  if (ref) return ref;
  if (name === '@') ref = { kind: 'current' };
  else if (name === '@index') ref = { kind: 'index', zeroBased: false };
  else if (name === '@index0') ref = { kind: 'index', zeroBased: true };
  else {
    const segs = splitPath(name);
    const head = segs[0] ?? '';
    const rest = segs.slice(1);
    ref = typeof head === 'string' && head.startsWith('@') ? { kind: 'var', name: head.slice(1), rest } : { kind: 'path', head, rest };
  }
  if (refCache.size < 10000) refCache.set(name, ref);
  return ref;
}

// The function types that take a Ctx live here, beside it, so types.ts needs nothing of this file.
/** A formatter turns a value into another value; it may throw FormatterError. */
export type FormatterFn = (value: unknown, call: Call, c: Ctx) => unknown;
/** A predicate tests the current context; it may throw FormatterError. */
export type PredicateFn = (c: Ctx, call: Call) => boolean;
/** Compiled form of a template fragment: appends its output to the context. */
export type Exec = (c: Ctx) => void;

/** Rendering state: output buffer, context stack, errors. */
export class Ctx {
  out = '';
  frame: Frame;
  readonly errors: EngineError[] = [];
  /** Include depth, for the recursion limit. */
  depth = 0;
  /** Offset of the instruction being run, so plugins' errors get a position. */
  pos = 0;
  lines: LineIndex;
  partialName: string | undefined = undefined;
  /** The values of a tag naming several variables (`{start,end|datetime-interval}`), else null. */
  multi: unknown[] | null = null;

  constructor(
    readonly root: unknown,
    readonly env: Env,
    lines: LineIndex,
  ) {
    this.frame = new Frame(root, null, -1);
    this.lines = lines;
  }

  /** The current frame's value (`@`). */
  node(): unknown {
    return this.frame.node;
  }

  /** Pushes a frame for a section or a repeated item. */
  push(node: unknown, index = -1): void {
    this.frame = new Frame(node, this.frame, index);
  }

  /** Pops the innermost frame. */
  pop(): void {
    if (this.frame.parent) this.frame = this.frame.parent;
  }

  /** 0-based index of the nearest repeated item, -1 outside any repeated section. */
  index0(): number {
    for (let f: Frame | null = this.frame; f; f = f.parent) if (f.index >= 0) return f.index;
    return -1;
  }

  /** Binds `@name` in the current frame. */
  setVar(name: string, value: unknown): void {
    (this.frame.vars ??= new Map()).set(name, value);
  }

  /** Defines a macro in the current frame. */
  defineMacro(name: string, body: Exec): void {
    (this.frame.macros ??= new Map()).set(name, body);
  }

  /** The macro of that name visible here (defined in this frame or an outer one). */
  macro(name: string): Exec | undefined {
    for (let f: Frame | null = this.frame; f; f = f.parent) {
      const m = f.macros?.get(name);
      if (m) return m;
    }
    return undefined;
  }

  /** Value of `@name`, searching outwards. */
  getVar(name: string): unknown {
    for (let f: Frame | null = this.frame; f; f = f.parent) {
      if (f.vars?.has(name)) return f.vars.get(name);
    }
    return undefined;
  }

  /** Resolves a reference against the stack. */
  resolve(ref: VarRef): unknown {
    switch (ref.kind) {
      case 'current':
        return this.frame.node;
      case 'index': {
        const i = this.index0();
        return i < 0 ? undefined : ref.zeroBased ? i : i + 1;
      }
      case 'var': {
        const v = this.getVar(ref.name);
        return ref.rest.length === 0 ? v : getPath(v, ref.rest);
      }
      case 'path': {
        for (let f: Frame | null = this.frame; f; f = f.parent) {
          // A repeated section's list answers `length` too (the reference reads it as a JavaScript array).
          const v = ref.head === 'length' && Array.isArray(f.node) ? f.node.length : getProp(f.node, ref.head);
          if (v !== undefined) return ref.rest.length === 0 ? v : getPath(v, ref.rest);
        }
        return undefined;
      }
    }
  }

  /**
   * Resolves the name of a section or repeated section: as the reference does, its first segment
   * is read from the current frame only (a variable tag or .if would walk outwards).
   */
  resolveLocal(ref: VarRef): unknown {
    let v: unknown;
    if (ref.kind === 'path') v = getProp(this.frame.node, ref.head);
    else if (ref.kind === 'var') v = this.frame.vars?.get(ref.name);
    else return this.resolve(ref);
    return ref.rest.length === 0 || v === undefined ? v : getPath(v, ref.rest);
  }

  /** Resolves a dotted name given as text. */
  lookup(name: string): unknown {
    return this.resolve(parseVarRef(name));
  }

  /** Resolves a path from the root of the data, ignoring the stack. */
  rootPath(path: readonly Seg[]): unknown {
    return getPath(this.root, path);
  }

  /** Value of a predicate/formatter argument: its literal, or the variable it names. */
  argValue(arg: Arg): unknown {
    return arg.ref ? this.resolve(arg.ref) : arg.literal;
  }

  /** Records an error at an offset of the template being run. */
  error(code: ErrorCode, message: string, offset: number = this.pos): void {
    const { line, column } = this.lines.locate(offset);
    const e: EngineError = { code, message, line, column, offset };
    if (this.partialName !== undefined) e.partial = this.partialName;
    this.errors.push(e);
  }

  /**
   * Renders a macro or partial with `node` as its context, returning its output. Used by the
   * apply formatter; .include appends in place instead.
   */
  renderNamed(name: string, node: unknown, offset: number): string {
    const saved = this.out;
    this.out = '';
    this.push(node);
    try {
      this.runNamed(name, offset);
      return this.out;
    } finally {
      this.pop();
      this.out = saved;
    }
  }

  /** Runs a macro or a partial in the current context (depth-limited). */
  runNamed(name: string, offset: number): void {
    if (this.depth >= MAX_INCLUDE_DEPTH) {
      this.error('RENDER_RECURSION_LIMIT', `${MSG_RECURSION_LIMIT} ${name}`, offset);
      return;
    }
    const macro = this.macro(name);
    this.depth++;
    try {
      if (macro) {
        macro(this);
        return;
      }
      const program = this.env.loadPartial(name);
      if (!program) {
        this.error('RENDER_PARTIAL_NOT_FOUND', `${MSG_PARTIAL_NOT_FOUND} ${name}`, offset);
        return;
      }
      const savedLines = this.lines;
      const savedName = this.partialName;
      if (program.errors.length > 0) {
        this.error('RENDER_PARTIAL_PARSE', `${MSG_PARTIAL_PARSE_FAILURE} ${name}`, offset);
        for (const e of program.errors) this.errors.push({ ...e, partial: name });
      }
      this.lines = program.lines;
      this.partialName = name;
      try {
        program.exec(this);
      } finally {
        this.lines = savedLines;
        this.partialName = savedName;
      }
    } finally {
      this.depth--;
    }
  }
}
