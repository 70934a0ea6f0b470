// Every message the engine can record, in one place so other modules (and the shared catalogue
// in packages/contracts) can refer to the exact strings. The SPEC 8 strings are copied verbatim;
// the others are ours, written for a template author reading an error list.

/** SPEC 8 expression-language messages (eval). */
export const MSG_INVALID_HEX_ESCAPE = 'Invalid 2-char hex escape found';
export const MSG_INVALID_UNICODE_ESCAPE = 'Invalid unicode escape found';
export const MSG_MISMATCHED_OPERATOR = 'Mismatched operator found:';
export const MSG_UNEXPECTED_OPERATOR = 'Unexpected operator found during evaluation:';
export const MSG_UNTERMINATED_STRING = 'Unterminated string';
export const MSG_ILLEGAL_BARE_CHAR = 'Illegal bare character in string literal';
export const MSG_DUPLICATE_DECIMAL_POINT = 'Duplicate decimal point in number';
export const MSG_EXPECTED_EXPONENT_DIGIT = 'Expected a digit after exponent in decimal number';
export const MSG_INVALID_FUNCTION = 'Invalid function';
export const MSG_ERROR_CALLING_FUNCTION = 'Error calling function';
export const MSG_INVALID_OPERATOR_ARGS = 'Invalid arguments to operator';
export const MSG_CONCAT_TOO_LONG = 'Concatenation would exceed maximum string length';
export const MSG_TOO_MANY_TOKENS = 'Expression exceeds the maximum number of allowed tokens';

/** SPEC 8 formatter/predicate messages. */
export const MSG_INVALID_SOURCE_PARAMETER = 'Invalid source parameter. Pass in originalSize';
export const MSG_UNITS_METRIC_NOT_IMPLEMENTED = '"units-metric?" formatter is not yet implemented';
export const MSG_INVALID_DATE = 'Invalid date.';

/** Our own messages (SPEC 5 and 8 name the condition, not the words). */
/**
 * Syntax errors in the reference's words (as its compiler reports them, without the leading
 * "SyntaxError: "), so an author moving a site sees the same problem named the same way. Blocks
 * are named as the reference names them: SECTION, REPEATED, PREDICATE, IF, MACRO, and
 * OR_PREDICATE for an `{.or}` branch.
 */
export const msgUnknownFormatter = (name: string): string => `Formatter '${name}' is unknown`;
export const msgUnknownPredicate = (name: string): string => `Predicate '${name}' is unknown`;
export const msgNotAllowedAtRoot = (instruction: string): string => `Instruction ${instruction} not allowed at root`;
export const msgNotAllowedInside = (instruction: string, block: string): string =>
  `${instruction} instruction is not allowed inside ${block} block.`;
export const msgUnclosedBlock = (block: string): string => `Reached EOF in the middle of ${block}`;
export const MSG_OR_NEVER_EXECUTES = 'This OR_PREDICATE block will never execute.';
export const MSG_UNKNOWN_INSTRUCTION = 'Unknown instruction:';
export const MSG_OR_EXPECTED_PREDICATE = 'OR expected a predicate, found:';
export const MSG_MISSING_ARGUMENT = 'Missing argument for instruction:';
export const MSG_IF_MIXED_OPERATORS = 'IF cannot mix || and && operators';
export const MSG_INVALID_VARIABLE_NAME = 'Invalid variable name, expected @name:';
export const MSG_UNTERMINATED_COMMENT = 'Unterminated multi-line comment';
export const MSG_PARTIAL_NOT_FOUND = 'Partial not found:';
export const MSG_INJECT_NOT_FOUND = 'Injected file not found:';
export const MSG_PARTIAL_PARSE_FAILURE = 'Partial failed to parse:';
export const MSG_RECURSION_LIMIT = 'Recursion limit exceeded: include depth is at most 16, at:';
export const MSG_FORMATTER_FAILED = 'Formatter failed:';
export const MSG_PREDICATE_FAILED = 'Predicate failed:';
export const MSG_EXPRESSION_PARSE = 'Expression parse error:';
export const MSG_EXPRESSION_REDUCE = 'Expression evaluation error:';
export const MSG_NOT_MONEY = 'Not a money value';
export const MSG_FREE_LABEL_REQUIRED = 'A free-label is required when money shows free at zero';
export const MSG_PLURALIZE_TOO_MANY_ARGS = 'pluralize takes at most 2 arguments';
export const MSG_MESSAGE_INVALID_PLURAL_KEY = 'Invalid plural key:';
export const MSG_MESSAGE_NON_NUMERIC_OFFSET = 'Non-numeric argument used with a plural offset:';

/** Error codes: the first word tells whether it was found while parsing or while rendering. */
export type ErrorCode =
  | 'PARSE_UNKNOWN_FORMATTER'
  | 'PARSE_UNKNOWN_PREDICATE'
  | 'PARSE_UNKNOWN_INSTRUCTION'
  | 'PARSE_OR_EXPECTED_PREDICATE'
  | 'PARSE_UNEXPECTED_OR'
  | 'PARSE_UNEXPECTED_ALTERNATES'
  | 'PARSE_MISMATCHED_END'
  | 'PARSE_UNCLOSED_BLOCK'
  | 'PARSE_MISSING_ARGUMENT'
  | 'PARSE_IF_MIXED_OPERATORS'
  | 'PARSE_INVALID_VARIABLE'
  | 'PARSE_UNTERMINATED_COMMENT'
  | 'PARSE_EXPRESSION'
  | 'RENDER_PARTIAL_NOT_FOUND'
  | 'RENDER_PARTIAL_PARSE'
  | 'RENDER_RECURSION_LIMIT'
  | 'RENDER_EXPRESSION'
  | 'RENDER_FORMATTER'
  | 'RENDER_PREDICATE'
  | 'RENDER_INTERNAL';

/** The reference's classes of error: found while parsing a tag, while nesting blocks, or while rendering. */
export type ReferenceErrorType = 'parser' | 'assembler' | 'engine';

const REFERENCE_TYPE: Partial<Record<ErrorCode, ReferenceErrorType>> = {
  PARSE_UNKNOWN_FORMATTER: 'parser',
  PARSE_UNKNOWN_PREDICATE: 'parser',
  PARSE_UNEXPECTED_OR: 'assembler',
  PARSE_UNEXPECTED_ALTERNATES: 'assembler',
  PARSE_MISMATCHED_END: 'assembler',
  PARSE_UNCLOSED_BLOCK: 'assembler',
  RENDER_PARTIAL_NOT_FOUND: 'engine',
  RENDER_RECURSION_LIMIT: 'engine',
  RENDER_EXPRESSION: 'engine',
};

/**
 * The error as the reference reports it (`{type, message}`), or null for problems the reference
 * passes over in silence (a mixed `.if`, an unterminated comment, a bad `.var`: we report those as
 * well, for the author). Syntax errors carry the reference's words; we add the position.
 */
export function referenceError(e: Pick<EngineError, 'code' | 'message'>): { type: ReferenceErrorType; message: string } | null {
  const type = REFERENCE_TYPE[e.code];
  if (!type) return null;
  return { type, message: `${type === 'engine' ? 'RuntimeError' : 'SyntaxError'}: ${e.message}` };
}

/** One recorded problem, with where in the template it was found (1-based line and column). */
export interface EngineError {
  code: ErrorCode;
  message: string;
  line: number;
  column: number;
  offset: number;
  /** Name of the partial the problem is in, when it is not in the main template. */
  partial?: string;
}

/** Thrown by formatters and predicates; the renderer catches it and records it with a position. */
export class FormatterError extends Error {
  override readonly name = 'FormatterError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * Maps offsets to line and column. The line starts are found on the first lookup only: most
 * templates never record an error, and scanning every character would cost each parse from source.
 */
export class LineIndex {
  #starts: number[] | null = null;
  constructor(private readonly text: string) {}
  /** Line and column (both 1-based) of an offset. */
  locate(offset: number): { line: number; column: number } {
    let starts = this.#starts;
    if (!starts) {
      starts = [0];
      for (let i = this.text.indexOf('\n'); i >= 0; i = this.text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.#starts = starts;
    }
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  }
}
