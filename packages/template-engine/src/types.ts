// Shapes shared by the parser, the compiler and the plugin modules (formatters, predicates).

/** A path segment: object key or array index. */
export type Seg = string | number;

/** A pre-split variable reference, resolved against the context stack. */
export type VarRef =
  | { readonly kind: 'current' }
  | { readonly kind: 'index'; readonly zeroBased: boolean }
  | { readonly kind: 'var'; readonly name: string; readonly rest: readonly Seg[] }
  | { readonly kind: 'path'; readonly head: Seg; readonly rest: readonly Seg[] };

/** An argument of a predicate or formatter: a JSON literal or a variable reference. */
export interface Arg {
  readonly raw: string;
  readonly ref: VarRef | null;
  readonly literal: unknown;
}

/** A formatter or predicate call as written in the template, with its arguments pre-split. */
export interface Call {
  readonly name: string;
  readonly args: readonly string[];
  /** The argument text as written (after the delimiter), for formatters that take free text. */
  readonly raw: string;
  readonly refs: readonly Arg[];
}
