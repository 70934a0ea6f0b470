// SPEC 4 add-to-cart button states with SPEC 9 timings, driven by Jest's fake timers.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createButtonMachine, type ButtonState } from './button-machine.js';

describe('add-to-cart button', () => {
  let states: ButtonState[];
  const timers = {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const setup = () => {
    states = [];
    return createButtonMachine((state) => states.push(state), timers);
  };

  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('goes adding, then Added! exactly 1 s after success, then idle exactly 2 s later', () => {
    const button = setup();
    expect(button.click()).toBe(true);
    expect(button.state).toBe('adding');
    jest.advanceTimersByTime(350); // the server's answer
    button.succeed();
    jest.advanceTimersByTime(999);
    expect(button.state).toBe('adding');
    jest.advanceTimersByTime(1);
    expect(button.state).toBe('added');
    jest.advanceTimersByTime(1999);
    expect(button.state).toBe('added');
    jest.advanceTimersByTime(1);
    expect(button.state).toBe('idle');
    expect(states).toEqual(['adding', 'added', 'idle']);
  });

  it('returns to idle exactly 1 s after a failure', () => {
    const button = setup();
    button.click();
    button.fail();
    jest.advanceTimersByTime(999);
    expect(button.state).toBe('adding');
    jest.advanceTimersByTime(1);
    expect(button.state).toBe('idle');
    expect(states).toEqual(['adding', 'idle']);
  });

  it('ignores clicks while adding and while added, and takes one again when idle', () => {
    const button = setup();
    button.click();
    expect(button.click()).toBe(false);
    button.succeed();
    jest.advanceTimersByTime(1000);
    expect(button.state).toBe('added');
    expect(button.click()).toBe(false);
    expect(button.state).toBe('added');
    jest.advanceTimersByTime(2000);
    expect(button.click()).toBe(true);
    expect(states).toEqual(['adding', 'added', 'idle', 'adding']);
  });

  it('stops its timers when disposed', () => {
    const button = setup();
    button.click();
    button.succeed();
    button.dispose();
    jest.advanceTimersByTime(5000);
    expect(button.state).toBe('adding');
  });
});
