// Client errors (SPEC 8 "Infrastructure", SPEC 9 error reporter): stacks cut to 5000 characters,
// and a fingerprint that groups the same error across pages and visitors: its name, its message
// with numbers and quoted values blanked, and the script location of its first stack frame.
import { createHash } from 'node:crypto';
import { ErrorReporterLimits } from '@sc/contracts';

export const trimStack = (stack: string | undefined): string | null =>
  stack === undefined ? null : stack.length > ErrorReporterLimits.stackLength ? stack.slice(0, ErrorReporterLimits.stackLength) : stack;

/** The error's name: the given one, or the "Name:" the message starts with, else 'Error'. */
export function errorName(name: string | undefined, message: string): string {
  if (name && name.trim()) return name.trim().slice(0, 100);
  const match = /^([A-Z][A-Za-z]*Error)\b/.exec(message);
  return match?.[1] ?? 'Error';
}

function firstFrame(stack: string | null, source: string | undefined): string {
  const frame = stack?.split('\n').find((line) => /:\d+(?::\d+)?\)?\s*$/.test(line));
  const location = frame ?? source ?? '';
  // Cache-busting queries and column numbers differ between deployments of the same script.
  return location
    .replace(/\?[^:)\s]*/g, '')
    .replace(/:\d+\)?\s*$/, '')
    .trim();
}

export function errorFingerprint(name: string, message: string, stack: string | null, source: string | undefined): string {
  const normalized = message
    .replace(/(["'`]).*?\1/g, '?')
    .replace(/\d+/g, '0')
    .slice(0, 500);
  return createHash('sha256')
    .update(`${name}\n${normalized}\n${firstFrame(stack, source)}`)
    .digest('hex')
    .slice(0, 32);
}
