// Shared helpers for the engine tests: render and insist on no errors, or get the error messages.
import { expect } from '@jest/globals';
import type { EngineError } from '../../src/errors.js';
import type { RenderOptions } from '../../src/index.js';
import { render } from '../../src/index.js';

/** A fixed clock for relative-time output: 2024-03-15T12:00:00Z. */
export const NOW = Date.UTC(2024, 2, 15, 12, 0, 0);

/** Renders and asserts that nothing was recorded; returns the output. */
export function out(template: string, data: unknown = {}, options: RenderOptions = {}): string {
  const r = render(template, data, { now: NOW, ...options });
  expect(r.errors).toEqual([]);
  return r.output;
}

/** Renders and returns output plus the recorded errors. */
export function run(template: string, data: unknown = {}, options: RenderOptions = {}): { output: string; errors: EngineError[] } {
  const r = render(template, data, { now: NOW, ...options });
  return { output: r.output, errors: r.errors as EngineError[] };
}

/** Renders and returns only the recorded error messages. */
export function messages(template: string, data: unknown = {}, options: RenderOptions = {}): string[] {
  return run(template, data, options).errors.map((e) => e.message);
}
