// Log lines: pino-pretty for a person at a terminal, JSON lines for everything else (containers,
// files, pipes), decided by whether stdout is a TTY when the logger is made.
import { afterEach, describe, expect, it } from '@jest/globals';
import { loggerOptions } from '../src/index.js';

const wasTTY = process.stdout.isTTY;

describe('loggerOptions', () => {
  afterEach(() => {
    process.stdout.isTTY = wasTTY;
  });

  it('writes through pino-pretty when stdout is a terminal', () => {
    process.stdout.isTTY = true;
    expect(loggerOptions('cart', 'info').transport).toMatchObject({ target: 'pino-pretty' });
  });

  it('writes JSON lines when stdout is not a terminal', () => {
    process.stdout.isTTY = false;
    expect(loggerOptions('cart', 'info').transport).toBeUndefined();
  });
});
