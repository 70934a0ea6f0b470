// The pure rules: devices, visits, web-vital histograms, URLs, client errors, report ranges,
// tracking rules and session replay eligibility.
import { describe, expect, it } from '@jest/globals';
import { Role } from '@sc/contracts';
import { resolveRange } from '../../src/domain/dates.js';
import { deviceOf, isAutomated } from '../../src/domain/device.js';
import { errorFingerprint, errorName, trimStack } from '../../src/domain/js-errors.js';
import { replayEligible } from '../../src/domain/replay.js';
import { censusSkip, pageSkip, requesterSkip } from '../../src/domain/tracking-rules.js';
import { externalReferrer, pathOf } from '../../src/domain/urls.js';
import { VISIT_GAP_MS, visitStarts } from '../../src/domain/visits.js';
import { bucketOf, p75, valueOfBucket, vitalRating } from '../../src/domain/vitals.js';
import { cookieVisitorId, visitorHash } from '../../src/ingest/visitor-id.js';

describe('devices', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', 'desktop'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 'phone'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36', 'phone'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Mobile/15E148', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', 'tablet'],
    [undefined, 'desktop'],
  ])('%s is a %s', (ua, device) => expect(deviceOf(ua)).toBe(device));

  it('knows crawlers and headless browsers', () => {
    expect(isAutomated('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true);
    expect(isAutomated('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/126.0')).toBe(true);
    expect(isAutomated('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0')).toBe(false);
    expect(isAutomated(undefined)).toBe(false);
  });
});

describe('visits', () => {
  it('starts a visit with the first hit and after more than 30 minutes without one', () => {
    const t = 1_700_000_000_000;
    expect(visitStarts([t, t + 60_000, t + 60_000 + VISIT_GAP_MS, t + 60_000 + 2 * VISIT_GAP_MS + 1], null)).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(visitStarts([t], t - VISIT_GAP_MS)).toEqual([false]);
    expect(visitStarts([t], t - VISIT_GAP_MS - 1)).toEqual([true]);
    // A late hit older than the last one seen never starts a visit.
    expect(visitStarts([t], t + 3_600_000)).toEqual([false]);
  });
});

describe('web vitals', () => {
  it('buckets values within 2% and reads the p75 from a histogram', () => {
    for (const value of [1, 50, 200, 2500, 40_000]) {
      const back = valueOfBucket('LCP', bucketOf('LCP', value));
      expect(Math.abs(back - value) / value).toBeLessThan(0.021);
    }
    expect(Math.abs(valueOfBucket('CLS', bucketOf('CLS', 0.1)) - 0.1)).toBeLessThan(0.003);
    expect(bucketOf('INP', 0)).toBe(0);
    const histogram = [100, 200, 300, 400].map((v) => ({ bucket: bucketOf('INP', v), count: 1 }));
    expect(Math.abs(p75('INP', histogram)! - 300) / 300).toBeLessThan(0.021);
    expect(p75('INP', [])).toBeNull();
    expect(
      p75('INP', [
        { bucket: bucketOf('INP', 50), count: 3 },
        { bucket: bucketOf('INP', 900), count: 1 },
      ]),
    ).toBeLessThan(60);
  });

  it('rates against the web.dev thresholds', () => {
    expect(vitalRating('LCP', 2500)).toBe('good');
    expect(vitalRating('LCP', 2501)).toBe('needs-improvement');
    expect(vitalRating('LCP', 4001)).toBe('poor');
    expect(vitalRating('CLS', 0.1)).toBe('good');
    expect(vitalRating('CLS', 0.26)).toBe('poor');
  });
});

describe('urls', () => {
  it('keeps paths without query or fragment, and external referrer hosts only', () => {
    expect(pathOf('https://shop.example.com/a/b?token=1#x')).toBe('/a/b');
    expect(pathOf('/relative?x=1')).toBe('/relative');
    expect(pathOf(`https://x.com/${'a'.repeat(600)}`)).toHaveLength(500);
    expect(pathOf('https://shop.example.com')).toBe('/');
    expect(pathOf('https://shop.example.com?x=1')).toBe('/');
    expect(pathOf('HTTP://user:pw@Shop.example.com:8080/A/b#c')).toBe('/A/b');
    expect(pathOf('page?x')).toBe('/page');
    expect(externalReferrer('https://user@Evil.example:443/x', '/', undefined)).toBe('evil.example');
    expect(externalReferrer('https://www.Google.com/search?q=private', 'https://shop.example.com/', undefined)).toBe('google.com');
    expect(externalReferrer('https://shop.example.com/other', 'https://shop.example.com/', undefined)).toBeNull();
    expect(externalReferrer('https://shop.example.com/other', '/relative', 'shop.example.com:8080')).toBeNull();
    expect(externalReferrer('android-app://com.x', '/', undefined)).toBeNull();
    expect(externalReferrer(undefined, '/', undefined)).toBeNull();
  });
});

describe('client errors', () => {
  it('cuts stacks to 5000 characters and groups the same error across pages and builds', () => {
    expect(trimStack('x'.repeat(6000))).toHaveLength(5000);
    expect(trimStack(undefined)).toBeNull();
    expect(errorName(undefined, 'TypeError: x is undefined')).toBe('TypeError');
    expect(errorName(undefined, 'Script error.')).toBe('Error');
    const a = errorFingerprint('TypeError', "Cannot read 'a' of item 12", 'TypeError\n    at f (https://x.com/app.js?v=1:10:5)', undefined);
    const b = errorFingerprint('TypeError', "Cannot read 'b' of item 99", 'TypeError\n    at f (https://x.com/app.js?v=2:10:9)', undefined);
    const c = errorFingerprint('TypeError', "Cannot read 'b' of item 99", 'TypeError\n    at g (https://x.com/other.js:3:1)', undefined);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });
});

describe('report ranges', () => {
  const limits = { defaultDays: 30, maxDays: 366, maxHourlyDays: 31 };
  const now = Date.parse('2024-05-31T12:00:00Z');
  it('defaults to the 30 days ending today and bounds the length', () => {
    expect(resolveRange({ interval: 'day' }, now, limits)).toEqual({ ok: true, from: '2024-05-02', to: '2024-05-31', days: 30 });
    expect(resolveRange({ from: '2024-05-10', to: '2024-05-09', interval: 'day' }, now, limits)).toEqual({ ok: false, reason: 'reversed' });
    expect(resolveRange({ from: '2023-01-01', to: '2024-05-01', interval: 'day' }, now, limits)).toEqual({ ok: false, reason: 'too-long' });
    expect(resolveRange({ from: '2024-01-01', to: '2024-05-01', interval: 'hour' }, now, limits)).toEqual({
      ok: false,
      reason: 'hourly-too-long',
    });
  });
});

describe('tracking rules', () => {
  const open = { trackingEnabled: true, restrictiveCookiePolicy: false };
  it('tracks visitors, site users and viewer-only owners', () => {
    expect(requesterSkip({ kind: 'visitor', roles: [], userAgent: 'Mozilla/5.0' }, open)).toBeUndefined();
    expect(requesterSkip({ kind: 'site-user', roles: [], userAgent: 'Mozilla/5.0' }, open)).toBeUndefined();
    expect(requesterSkip({ kind: 'owner', roles: [Role.VIEWER], userAgent: 'Mozilla/5.0' }, open)).toBeUndefined();
    expect(requesterSkip({ kind: 'owner', roles: [Role.ADMIN], userAgent: 'Mozilla/5.0' }, open)).toBe('not-tracked-role');
    expect(requesterSkip({ kind: 'owner', roles: [], userAgent: 'Mozilla/5.0' }, open)).toBe('not-tracked-role');
    expect(requesterSkip({ kind: 'api-key', roles: [], userAgent: 'Mozilla/5.0' }, open)).toBe('not-tracked-role');
    expect(requesterSkip({ kind: 'visitor', roles: [], userAgent: 'Mozilla/5.0' }, { ...open, trackingEnabled: false })).toBe('opted-out');
  });

  it('skips config, not-found, lock-screen, access-denied and search page views', () => {
    expect(pageSkip({ path: '/config' })).toBe('config-page');
    expect(pageSkip({ path: '/configure' })).toBeUndefined();
    expect(pageSkip({ path: '/x', pageType: 100 })).toBe('untracked-page');
    expect(pageSkip({ path: '/x', pageType: 101 })).toBeUndefined();
    expect(pageSkip({ path: '/search', eventType: 1 })).toBe('untracked-page');
    expect(pageSkip({ path: '/search', eventType: 2 })).toBeUndefined();
  });

  it('needs the census cookie, which a restrictive policy clears', () => {
    expect(censusSkip(open, 'abc')).toBeUndefined();
    expect(censusSkip(open, undefined)).toBe('no-census-cookie');
    expect(censusSkip({ ...open, restrictiveCookiePolicy: true }, 'abc')).toBe('no-census-cookie');
  });
});

describe('visitor hash', () => {
  it('changes with the daily salt and never contains the address', () => {
    const key = { address: '203.0.113.7', userAgent: 'UA' };
    const monday = visitorHash('salt-monday', 'site', key);
    expect(monday).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorHash('salt-monday', 'site', key)).toBe(monday);
    expect(visitorHash('salt-tuesday', 'site', key)).not.toBe(monday);
    expect(visitorHash('salt-monday', 'other-site', key)).not.toBe(monday);
    expect(cookieVisitorId('0f8e7d6c-aaaa|1|2|3|4')).toBe('0f8e7d6c-aaaa');
    expect(cookieVisitorId('x')).toBeUndefined();
  });
});

describe('session replay eligibility', () => {
  const all = { country: 'US', timeZone: 'America/New_York', featureToggle: true, experimentFlag: true, cpuCores: 4 };
  it('needs every SPEC 5 condition', () => {
    expect(replayEligible(all)).toBe(true);
    expect(replayEligible({ ...all, cpuCores: undefined })).toBe(true);
    expect(replayEligible({ ...all, country: 'CA' })).toBe(false);
    expect(replayEligible({ ...all, timeZone: 'Europe/Paris' })).toBe(false);
    expect(replayEligible({ ...all, featureToggle: false })).toBe(false);
    expect(replayEligible({ ...all, experimentFlag: false })).toBe(false);
    expect(replayEligible({ ...all, cpuCores: 2 })).toBe(false);
  });
});
