// The popup overlay's SPEC 3 storage rules: shown until closed or answered, again when the version changes.
import { describe, expect, it } from '@jest/globals';
import { closedState, shouldShow, storageKey, submittedState } from './rules.js';

const popup = { enabled: true, version: 3, hideForDays: 7 };
const empty = { closedDate: null, version: null, submitted: null };
const now = Date.UTC(2025, 0, 10);

describe('popup overlay rules', () => {
  it('shows a new visitor the popup, never a disabled one', () => {
    expect(shouldShow(empty, popup, now)).toBe(true);
    expect(shouldShow(empty, { ...popup, enabled: false }, now)).toBe(false);
  });

  it('hides it after closing until the days pass or the version changes', () => {
    const closed = closedState(popup, now);
    expect(closed).toEqual({ closedDate: '2025-01-10T00:00:00.000Z', version: '3', submitted: null });
    expect(shouldShow(closed, popup, now + 86_400_000)).toBe(false);
    expect(shouldShow(closed, popup, now + 7 * 86_400_000)).toBe(true);
    expect(shouldShow(closed, { ...popup, hideForDays: 0 }, now + 400 * 86_400_000)).toBe(false);
    expect(shouldShow(closed, { ...popup, version: 4 }, now + 1000)).toBe(true);
  });

  it('never shows a submitted version again; a new version shows', () => {
    const done = submittedState(popup, now);
    expect(shouldShow(done, popup, now + 365 * 86_400_000)).toBe(false);
    expect(shouldShow(done, { ...popup, version: 4 }, now)).toBe(true);
  });

  it('keeps the SPEC 3 key names per website', () => {
    expect(storageKey('site1', 'closed-date')).toBe('sc-popup-overlay:site1:closed-date');
    expect(storageKey('site1', 'version')).toBe('sc-popup-overlay:site1:version');
    expect(storageKey('site1', 'submitted')).toBe('sc-popup-overlay:site1:submitted');
  });
});
