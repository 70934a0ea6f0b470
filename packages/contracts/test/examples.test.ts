// Every example of the OpenAPI documents (src/examples) parses with the schema it is an example of,
// so an example cannot drift from its contract: every exported zod schema is walked, and each one
// that carries an example (its own, or one it inherits from the schema it was cloned from) is
// checked. The examples used as bodies must be there at all: the gateway's OpenAPI test counts them.
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import * as contracts from '../src/index.js';
import '../src/examples/index.js';
import { exampleOf } from '../src/examples/example.js';

const withExamples = Object.entries(contracts as Record<string, unknown>)
  .flatMap(([name, value]): Array<[string, z.ZodType]> => (value instanceof z.ZodType ? [[name, value]] : []))
  .filter(([, schema]) => exampleOf(schema) !== undefined);

describe('examples of the contracts', () => {
  it('are many (the HTTP bodies of every service)', () => {
    expect(withExamples.length).toBeGreaterThan(200);
  });

  it.each(withExamples)('%s: its example parses with its schema', (_name, schema) => {
    const result = schema.safeParse(exampleOf(schema));
    expect(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([]);
  });

  it('are plain JSON (what the document carries is what the schema parsed)', () => {
    for (const [name, schema] of withExamples)
      expect([name, JSON.parse(JSON.stringify(exampleOf(schema)))]).toEqual([name, exampleOf(schema)]);
  });
});
