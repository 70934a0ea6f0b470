// The instruction tree the parser builds and the compiler turns into closures.
import type { Expression } from './eval/parser.js';
import type { Arg, Call, VarRef } from './types.js';

/** An `{.or}` branch; `call` is set for `{.or predicate? args}`. */
export interface Alt {
  readonly pos: number;
  readonly call: Call | null;
  readonly body: Node[];
  alt: Alt | null;
}

export type Node =
  | { readonly t: 'text'; readonly text: string }
  | { readonly t: 'var'; readonly pos: number; readonly refs: VarRef[]; readonly fmts: Call[]; readonly broken: boolean }
  | { readonly t: 'section'; readonly pos: number; readonly ref: VarRef; readonly body: Node[]; alt: Alt | null }
  | { readonly t: 'repeated'; readonly pos: number; readonly ref: VarRef; readonly body: Node[]; between: Node[] | null; alt: Alt | null }
  | { readonly t: 'pred'; readonly pos: number; readonly call: Call; readonly known: boolean; readonly body: Node[]; alt: Alt | null }
  | {
      readonly t: 'if';
      readonly pos: number;
      readonly op: 'and' | 'or';
      readonly refs: VarRef[];
      readonly call: Call | null;
      readonly body: Node[];
      alt: Alt | null;
    }
  | {
      readonly t: 'bind';
      readonly pos: number;
      readonly name: string;
      readonly ref: VarRef;
      readonly fmts: Call[];
      readonly broken: boolean;
    }
  | { readonly t: 'ctx'; readonly pos: number; readonly name: string; readonly entries: [string, Arg][] }
  | { readonly t: 'eval'; readonly pos: number; readonly expr: Expression | null }
  | { readonly t: 'include'; readonly pos: number; readonly name: string; readonly output: boolean }
  | { readonly t: 'inject'; readonly pos: number; readonly name: string; readonly file: string }
  | { readonly t: 'macro'; readonly pos: number; readonly name: string; readonly body: Node[] };
