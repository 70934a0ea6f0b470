import { describe, expect, it } from '@jest/globals';
import { FORMATTERS } from '../../src/formatters/index.js';
import { out, run } from './helpers.js';

describe('core formatters', () => {
  it('apply renders a partial or macro with the value as context', () => {
    expect(out('{a|apply p}', { a: { x: 1 } }, { partials: { p: '<{x}>' } })).toBe('<1>');
    expect(run('{a|apply missing}', { a: 1 }).errors.map((e) => e.message)).toEqual(['Partial not found: missing']);
  });

  it('count counts array items, object keys and characters', () => {
    expect(out('{a|count} {o|count} {s|count} {n|count}', { a: [1, 2], o: { x: 1 }, s: 'abc', n: 5 })).toBe('2 1 3 0');
  });

  it('cycle picks an argument by a 1-based counter', () => {
    expect(out('{.repeated section a}{@index|cycle odd even}{.alternates with} {.end}', { a: [1, 2, 3] })).toBe('odd even odd');
  });

  it('format fills {0}, {1} from arguments', () => {
    expect(out('{msg|format name count}', { msg: '{0} has {1} items', name: 'Cart', count: 3 })).toBe('Cart has 3 items');
  });

  it('iter prints the repeated position', () => {
    expect(out('{.repeated section a}{@|iter}{.end}', { a: ['x', 'y'] })).toBe('12');
  });

  it('json cannot end or hold open a script tag, and parses back unchanged', () => {
    const o = { a: '<!--<script>', b: '</SCRIPT>&\u2028' };
    const json = out('{o|json}', { o });
    expect(json).not.toMatch(/<\/|<!--/);
    expect(json).toBe('{"a":"\\u003c!--<script>","b":"<\\/SCRIPT>&\u2028"}');
    expect(JSON.parse(json)).toEqual(o);
    expect(out('{o|json}|{o|json}', { o: { a: '<b>' } })).toBe('{"a":"<b>"}|{"a":"<b>"}');
  });

  it("site-json (the theme's island data) writes no < at all", () => {
    const o = { a: '<b>', b: '</script><!--' };
    const json = out('{o|site-json}', { o });
    expect(json).toBe('{"a":"\\u003cb>","b":"\\u003c/script>\\u003c!--"}');
    expect(JSON.parse(json)).toEqual(o);
  });

  it('json and json-pretty', () => {
    expect(out('{o|json}', { o: { a: '</script>', b: [1] } })).toBe('{"a":"<\\/script>","b":[1]}');
    expect(out('{o|json-pretty}', { o: { a: 1 } })).toBe('{\n  "a": 1\n}');
  });

  it('key-by turns an array into an object keyed by a field', () => {
    expect(
      out('{a|key-by id|json}', {
        a: [
          { id: 'x', v: 1 },
          { id: 'y', v: 2 },
        ],
      }),
    ).toBe('{"x":{"id":"x","v":1},"y":{"id":"y","v":2}}');
  });

  it('mod, round', () => {
    expect(out('{n|mod 3} {n|mod} {x|round}', { n: 7, x: 2.6 })).toBe('1 1 3');
  });

  it('output prints its arguments', () => {
    expect(out('{@|output hello world}', {})).toBe('hello world');
  });

  it('pluralize: s, a plural suffix, or singular and plural', () => {
    expect(out('{a|pluralize}|{b|pluralize}|{b|pluralize es}|{a|pluralize y ies}|{b|pluralize y ies}', { a: 1, b: 2 })).toBe('|s|es|y|ies');
  });

  it('prop reads a path from the value', () => {
    expect(out('{o|prop a.b}', { o: { a: { b: 'deep' } } })).toBe('deep');
  });
});

describe('formatter vocabulary', () => {
  it('has all 95 formatters of the template language', () => {
    expect([...FORMATTERS.keys()].filter((k) => !k.startsWith('site-')).length).toBe(95);
  });
});
