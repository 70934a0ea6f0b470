// Examples in the OpenAPI documents. `example(schema, value)` puts `value` on the schema's entry in
// zod's global registry (the metadata the services' OpenAPI documents are made from), so the
// schema's JSON Schema carries `example` (OpenAPI 3.0's one example per schema; `examples`, an
// array, is JSON Schema 2020-12 and not valid in a 3.0 Schema Object). The schema object itself is
// unchanged (no clone, unlike `.meta()`): routes keep using the exported one, and a component id
// it already has is kept. The value is typed as the schema's input, and
// packages/contracts/test/examples.test.ts parses every example with its schema.
import { z } from 'zod';

export function example<T extends z.ZodType>(schema: T, value: z.input<T>): z.input<T> {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), example: value });
  return value;
}

/** The example a schema carries, if any. */
export function exampleOf(schema: z.ZodType): unknown {
  return z.globalRegistry.get(schema)?.example;
}
