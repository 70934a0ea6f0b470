import { describe, expect, it } from '@jest/globals';
import {
  MSG_CONCAT_TOO_LONG,
  MSG_DUPLICATE_DECIMAL_POINT,
  MSG_ERROR_CALLING_FUNCTION,
  MSG_EXPECTED_EXPONENT_DIGIT,
  MSG_ILLEGAL_BARE_CHAR,
  MSG_INVALID_FUNCTION,
  MSG_INVALID_HEX_ESCAPE,
  MSG_INVALID_OPERATOR_ARGS,
  MSG_INVALID_UNICODE_ESCAPE,
  MSG_MISMATCHED_OPERATOR,
  MSG_TOO_MANY_TOKENS,
  MSG_UNEXPECTED_OPERATOR,
  MSG_UNTERMINATED_STRING,
} from '../../src/errors.js';
import { MAX_STRING_LENGTH } from '../../src/eval/evaluate.js';
import { MAX_TOKENS } from '../../src/eval/tokenizer.js';
import { messages, out, run } from './helpers.js';

describe('.eval values', () => {
  it('follows operator precedence and parentheses', () => {
    expect(out('{.eval 1 + 2 * 3 - 4 / 2}|{.eval (1 + 2) * 3}|{.eval 7 % 4}|{.eval -2 * -3}', {})).toBe('5|9|3|6');
  });

  it('parses decimals, exponents and hex', () => {
    expect(out('{.eval 1.5e2 + .5}|{.eval 0x1F}', {})).toBe('150.5|31');
  });

  it('concatenates strings and decodes escapes', () => {
    expect(out('{.eval "a" + \'b\' + 1}|{.eval "\\x41\\u0042\\n"}', {})).toBe('ab1|AB\n');
  });

  it('compares and combines with logic operators', () => {
    expect(out('{.eval 2 > 1 && "a" < "b"}|{.eval 1 == "1"}|{.eval 1 === "1"}|{.eval !true || null}', {})).toBe('true|true|false|false');
  });

  it('reads variables and binds @names over several expressions', () => {
    expect(out('{.eval @t = price * qty; @t + 1}', { price: 2, qty: 3 })).toBe('7');
    expect(out('{.section p}{.eval @x = n}{.end}[{@x}]', { p: { n: 1 } })).toBe('[]');
  });

  it('calls functions', () => {
    expect(
      out('{.eval max(1, 5, 3)}|{.eval min(4, 2)}|{.eval abs(-3)}|{.eval num("2.5")}|{.eval str(1) + str(2)}|{.eval bool(0)}', {}),
    ).toBe('5|2|3|2.5|12|false');
  });
});

describe('.eval errors (SPEC 8)', () => {
  const cases: [string, string][] = [
    ['"\\xZZ"', MSG_INVALID_HEX_ESCAPE],
    ['"\\u12"', MSG_INVALID_UNICODE_ESCAPE],
    ['(1 + 2', `${MSG_MISMATCHED_OPERATOR} (`],
    ['1 + 2)', `${MSG_MISMATCHED_OPERATOR} )`],
    ['"abc', MSG_UNTERMINATED_STRING],
    ['"a\tb"', MSG_ILLEGAL_BARE_CHAR],
    ['1.2.3', MSG_DUPLICATE_DECIMAL_POINT],
    ['1e+', MSG_EXPECTED_EXPONENT_DIGIT],
  ];
  for (const [expr, message] of cases) {
    it(`parse: ${message}`, () => {
      const r = run(`{.eval ${expr}}`, {});
      expect(r.output).toBe('');
      expect(r.errors).toEqual([{ code: 'PARSE_EXPRESSION', message, line: 1, column: 1, offset: 0 }]);
    });
  }

  it(`parse: ${MSG_TOO_MANY_TOKENS}`, () => {
    const expr = Array.from({ length: MAX_TOKENS / 2 + 1 }, () => '1').join(' +');
    expect(messages(`{.eval ${expr}}`, {})).toEqual([MSG_TOO_MANY_TOKENS]);
  });

  const runtime: [string, string][] = [
    ['1 +', `${MSG_UNEXPECTED_OPERATOR} +`],
    ['nope(1)', `${MSG_INVALID_FUNCTION} nope`],
    // The reference knows no other functions than max, min, abs, num, str and bool.
    ['round(2.5)', `${MSG_INVALID_FUNCTION} round`],
    ['min()', `${MSG_ERROR_CALLING_FUNCTION} min: expects at least one argument`],
    ['o * 2', `${MSG_INVALID_OPERATOR_ARGS} *`],
    ['o == o', `${MSG_INVALID_OPERATOR_ARGS} ==`],
  ];
  for (const [expr, message] of runtime) {
    it(`evaluate: ${message}`, () => {
      expect(run(`x{.eval ${expr}}y`, { o: { a: 1 } })).toEqual({
        output: 'xy',
        errors: [{ code: 'RENDER_EXPRESSION', message, line: 1, column: 2, offset: 1 }],
      });
    });
  }

  it(`evaluate: ${MSG_CONCAT_TOO_LONG}`, () => {
    expect(messages('{.eval s + s}', { s: 'x'.repeat(MAX_STRING_LENGTH / 2 + 1) })).toEqual([MSG_CONCAT_TOO_LONG]);
  });
});
