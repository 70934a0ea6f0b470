import { describe, expect, it } from '@jest/globals';
import { render } from '../../src/index.js';
import { messages, out, run } from './helpers.js';

describe('variables', () => {
  it('substitutes a value and drills into dotted paths', () => {
    expect(out('Hello {baz}', { baz: 'World' })).toBe('Hello World');
    expect(out('{foo.bar.baz}', { foo: { bar: { baz: 'Hello' } } })).toBe('Hello');
    expect(out('{items.1.name}', { items: [{ name: 'a' }, { name: 'b' }] })).toBe('b');
  });

  it('looks a name up from the innermost section outwards', () => {
    const data = { title: 'Site', item: { name: 'Item' } };
    expect(out('{.section item}{name} on {title}{.end}', data)).toBe('Item on Site');
  });

  it('does not fall back outwards for the rest of a dotted path', () => {
    expect(out('{.section a}{b.c}{.end}', { a: { b: {} }, b: { c: 'outer' } })).toBe('');
  });

  it('@ is the current value', () => {
    expect(out('{.section title}<h1>{@}</h1>{.end}', { title: 'T' })).toBe('<h1>T</h1>');
  });

  it('@index counts repeated items from 1, @index0 from 0', () => {
    // JSON-Template's @index starts at 1 (its cycle formatter counts on that); @index0 is the
    // Squarespace dialect's 0-based form.
    expect(out('{.repeated section a}{@index}/{@index0} {.end}', { a: ['x', 'y'] })).toBe('1/0 2/1 ');
    expect(out('{.repeated section a}{.equal? @index 1}first {.end}{@index|cycle odd even} {.end}', { a: ['x', 'y', 'z'] })).toBe(
      'first odd even odd ',
    );
    expect(out('{@index}|{@index0}', {})).toBe('|');
  });

  it('leaves braces that are not tags as text (CSS, scripts)', () => {
    expect(out('a { color: red } {not a tag} {}', {})).toBe('a { color: red } {not a tag} {}');
    expect(out('{.5em} {.foo:bar} {#c}x', {})).toBe('{.5em} {.foo:bar} x');
  });

  it('only makes a tag of braces on one line, however many tags a line holds', () => {
    expect(out('{a\n}{a}{b} {a}\n{b\n{a}}', { a: 'A', b: 'B' })).toBe('{a\n}AB A\n{b\nA}');
  });

  it('applies a chain of formatters with arguments', () => {
    expect(out('{t|truncate 4|html}', { t: '<b>cdef' })).toBe('&lt;b&gt;c...');
  });
});

describe('comments', () => {
  it('drops single-line and multi-line comments', () => {
    expect(out('a{# note }b{## one\ntwo ##}c', {})).toBe('abc');
  });

  it('records an unterminated multi-line comment', () => {
    expect(run('a{## never closed', {})).toEqual({
      output: 'a',
      errors: [{ code: 'PARSE_UNTERMINATED_COMMENT', message: 'Unterminated multi-line comment', line: 1, column: 2, offset: 1 }],
    });
  });
});

describe('section', () => {
  it('expands when the value is present and scopes into it', () => {
    expect(out('{.section collection}<h1>{title}</h1>{.end}', { collection: { title: 'Page' } })).toBe('<h1>Page</h1>');
  });

  it('is skipped for missing, null, false, 0, empty string, empty array and empty object', () => {
    for (const v of [undefined, null, false, 0, '', [], {}]) {
      expect(out('{.section v}yes{.or}no{.end}', { v })).toBe('no');
    }
  });
});

describe('repeated section', () => {
  it('repeats for each array item', () => {
    expect(out('{.repeated section items}<p>{title}</p>{.end}', { items: [{ title: 'A' }, { title: 'B' }] })).toBe('<p>A</p><p>B</p>');
  });

  it('takes the or branch for an empty array or a non-array', () => {
    expect(out('{.repeated section a}x{.or}empty{.end}', { a: [] })).toBe('empty');
    expect(out('{.repeated section a}x{.or}empty{.end}', { a: { k: 1 } })).toBe('empty');
  });
});

describe('alternates with', () => {
  it('is expanded between every pair of items', () => {
    expect(out('{.repeated section a}{@}{.alternates with}, {.end}', { a: [1, 2, 3] })).toBe('1, 2, 3');
  });

  it('is an error outside a repeated section', () => {
    expect(messages('{.section a}{.alternates with}{.end}', { a: 1 })).toEqual([
      'ALTERNATES_WITH instruction is not allowed inside SECTION block.',
    ]);
  });
});

describe('or', () => {
  it('renders the fallback of a section', () => {
    expect(out('{.section item}Item exists.{.or}Item does not exist.{.end}', {})).toBe('Item does not exist.');
  });

  it('chains predicates: the first true branch wins', () => {
    const t = '{.section x}x{.or equal? n 1}one{.or equal? n 2}two{.or}other{.end}';
    expect(out(t, { n: 2 })).toBe('two');
    expect(out(t, { n: 3 })).toBe('other');
  });

  it('stays text with something that is not a predicate (as in the reference)', () => {
    expect(run('{.section x}a{.or foo}b{.end}|{.or foo}', { x: 1 })).toEqual({ output: 'a{.or foo}b|{.or foo}', errors: [] });
  });

  it('is an error outside any block and after a final or', () => {
    expect(messages('{.or}', {})).toEqual(['Instruction OR_PREDICATE not allowed at root']);
    expect(messages('{.section a}{.or}{.or}{.end}', {})).toEqual(['This OR_PREDICATE block will never execute.']);
  });
});

describe('end', () => {
  it('records an end with no open block, keeping the output', () => {
    expect(run('a{.end}b', {})).toEqual({
      output: 'ab',
      errors: [{ code: 'PARSE_MISMATCHED_END', message: 'Instruction END not allowed at root', line: 1, column: 2, offset: 1 }],
    });
  });
});

describe('eof', () => {
  it('records the innermost block still open at the end of input, and renders what it can', () => {
    const r = run('x\n{.section a}{b}', { a: { b: 'B' } });
    expect(r.output).toBe('x\nB');
    expect(r.errors).toEqual([
      { code: 'PARSE_UNCLOSED_BLOCK', message: 'Reached EOF in the middle of SECTION', line: 2, column: 1, offset: 2 },
    ]);
  });
});

describe('if', () => {
  it('tests truthiness without changing scope', () => {
    expect(out('{.if a}{b}{.end}', { a: 1, b: 'B' })).toBe('B');
  });

  it('supports || and &&', () => {
    expect(out('{.if a || b}yes{.or}no{.end}', { b: 1 })).toBe('yes');
    expect(out('{.if a && b}yes{.or}no{.end}', { b: 1 })).toBe('no');
    expect(out('{.if a && b}yes{.or}no{.end}', { a: 'x', b: 1 })).toBe('yes');
  });

  it('accepts a predicate', () => {
    expect(out('{.if equal? a 3}three{.end}', { a: 3 })).toBe('three');
  });

  it('cannot mix || and &&', () => {
    expect(messages('{.if a || b && c}x{.end}', {})).toEqual(['IF cannot mix || and && operators']);
  });
});

describe('var', () => {
  it('binds a variable, with formatters, visible in nested sections', () => {
    expect(out('{.var @t title|truncate 3 !}{.section s}{@t}{.end}', { title: 'abcdef', s: 1 })).toBe('abc!');
  });
});

describe('ctx', () => {});

describe('eval', () => {
  it('prints the value of an expression and binds on assignment', () => {
    expect(out('{.eval 1 + 2 * 3}|{.eval @x = a * 2}{@x}', { a: 21 })).toBe('7|42');
  });
});

describe('include', () => {
  it('renders a partial in the current context with the word output', () => {
    expect(out('{.section item}{.include card output}{.end}', { item: { t: 'T' } }, { partials: { card: '<b>{t}</b>' } })).toBe('<b>T</b>');
  });

  it('runs a partial without the word output and drops what it wrote, as the reference does', () => {
    expect(out('a{.section item}{.include card}{.end}b', { item: { t: 'T' } }, { partials: { card: '<b>{t}</b>' } })).toBe('ab');
    const r = run('{.include loop}', {}, { partials: { loop: 'x{.include loop}' } });
    expect(r.output).toBe('');
    expect(r.errors.map((e) => e.message)).toEqual(['Recursion limit exceeded: include depth is at most 16, at: loop']);
  });

  it('records a missing partial and renders it empty', () => {
    expect(run('a{.include nope}b', {})).toEqual({
      output: 'ab',
      errors: [{ code: 'RENDER_PARTIAL_NOT_FOUND', message: 'Partial not found: nope', line: 1, column: 2, offset: 1 }],
    });
  });

  it('stops recursion at depth 16', () => {
    const r = run('{.include loop output}', {}, { partials: { loop: 'x{.include loop output}' } });
    expect(r.output).toBe('x'.repeat(16));
    expect(r.errors.map((e) => e.message)).toEqual(['Recursion limit exceeded: include depth is at most 16, at: loop']);
    expect(r.errors[0]?.partial).toBe('loop');
  });

  it('records a partial that fails to parse, with the partial error inside it', () => {
    const r = run('{.include bad output}', {}, { partials: { bad: 'ok{.end}' } });
    expect(r.output).toBe('ok');
    expect(r.errors).toEqual([
      { code: 'RENDER_PARTIAL_PARSE', message: 'Partial failed to parse: bad', line: 1, column: 1, offset: 0 },
      { code: 'PARSE_MISMATCHED_END', message: 'Instruction END not allowed at root', line: 1, column: 3, offset: 2, partial: 'bad' },
    ]);
  });
});

describe('inject', () => {
  it('binds the raw text of a file', () => {
    expect(out('{.inject @svg icon.svg}{@svg}', {}, { partials: { 'icon.svg': '<svg>{x}</svg>' } })).toBe('<svg>{x}</svg>');
  });

  it('records a missing file', () => {
    expect(messages('{.inject @svg icon.svg}{@svg}', {})).toEqual(['Injected file not found: icon.svg']);
  });
});

describe('macro', () => {
  it('defines a fragment usable by include and apply', () => {
    const t = '{.macro tag}<i>{name}</i>{.end}{.section a}{.include tag output}{.end}|{b|apply tag}';
    expect(out(t, { a: { name: 'A' }, b: { name: 'B' } })).toBe('<i>A</i>|<i>B</i>');
  });
});

describe('literal instructions', () => {
  it('meta-left, meta-right, newline, space and tab', () => {
    expect(out('{.meta-left}x{.meta-right}{.newline}{.space}{.tab}', {})).toBe('{x}\n \t');
  });
});

describe('parse errors', () => {
  it('unknown predicate is recorded; its block takes the or branch', () => {
    expect(run('{.nope?}a{.or}b{.end}', {})).toEqual({
      output: 'b',
      errors: [{ code: 'PARSE_UNKNOWN_PREDICATE', message: "Predicate 'nope?' is unknown", line: 1, column: 1, offset: 0 }],
    });
  });

  it('reports line and column on later lines', () => {
    const r = run('line1\n  {x|bad}', {});
    expect(r.errors[0]).toMatchObject({ line: 2, column: 3, offset: 8 });
  });
});

describe('compile', () => {
  it('never throws on hostile input', () => {
    expect(() => render('{.section}{.repeated section}{.if}{.var}{.eval}{.include}{x|truncate}', null)).not.toThrow();
  });
});
