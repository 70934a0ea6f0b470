// Pure parts of issue 11 in render: experiment overrides (SPEC 4), lesson videos, the popup's
// pages and the SPEC 2 rule that lesson tracking is on the page only with the video paywall flag.
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_HEADER_FOOTER, DEFAULT_SITE_SETTINGS, PageType, type PopupOverlay } from '@sc/contracts';
import { lessonsIslands, lessonVideo, popupIsland } from '../../src/domain/community-islands.js';
import { applyQuery, cookieValue, overridesCookie, overridesFromCookie, withExperiments } from '../../src/domain/experiments.js';
import type { SiteData } from '../../src/pages/site-context.js';

const site = (settings: Partial<typeof DEFAULT_SITE_SETTINGS> = {}, popup: PopupOverlay | null = null): SiteData => ({
  site: { id: 'w1', title: 'W', templateId: 't', settings: { ...DEFAULT_SITE_SETTINGS, ...settings } },
  layout: { layout: [] },
  headerFooter: DEFAULT_HEADER_FOOTER,
  popup,
});

describe('experiment overrides', () => {
  it('reads only known flags with 1 or 0 from the cookie, and writes them back in a fixed order', () => {
    expect(overridesFromCookie('videoPaywall:1,bogus:1,productReviewsKillSwitch:0,commerceVisitorMetrics:yes')).toEqual({
      videoPaywall: true,
      productReviewsKillSwitch: false,
    });
    expect(cookieValue({ productReviewsKillSwitch: false, videoPaywall: true })).toBe('videoPaywall:1,productReviewsKillSwitch:0');
    expect(overridesFromCookie(undefined)).toEqual({});
  });

  it('applies flag-{name}=on|off|reset and flags=reset', () => {
    expect(applyQuery({}, { 'flag-videoPaywall': 'on', 'flag-productReviewsKillSwitch': 'OFF' })).toEqual({
      overrides: { videoPaywall: true, productReviewsKillSwitch: false },
      changed: true,
    });
    expect(applyQuery({ videoPaywall: true }, { 'flag-videoPaywall': 'reset' })).toEqual({ overrides: {}, changed: true });
    expect(applyQuery({ videoPaywall: true }, { 'flag-videoPaywall': 'maybe', 'flag-unknown': 'on' })).toEqual({
      overrides: { videoPaywall: true },
      changed: false,
    });
    expect(applyQuery({ videoPaywall: true }, { flags: 'reset', 'flag-commerceVisitorMetrics': '1' })).toEqual({
      overrides: { commerceVisitorMetrics: true },
      changed: true,
    });
    expect(overridesCookie({}, true)).toBe('sc_flags=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure');
  });

  it('overrides the beta flags under site status INTERNAL only', () => {
    const internal = withExperiments(site({ siteStatus: 6 }), { videoPaywall: true });
    expect(internal.site.settings.betaFlags.videoPaywall).toBe(true);
    expect(internal.experiments).toEqual({
      overridable: true,
      overrides: { videoPaywall: true },
      flags: { commerceVisitorMetrics: false, videoPaywall: true, productReviewsKillSwitch: false },
    });
    const paid = withExperiments(site({ siteStatus: 8 }), { videoPaywall: true });
    expect(paid.site.settings.betaFlags.videoPaywall).toBe(false);
    expect(paid.experiments).toMatchObject({ overridable: false, overrides: {} });
  });
});

describe('lesson pages', () => {
  it('embeds YouTube and Vimeo with their privacy-friendly players, plays files, links the rest', () => {
    expect(lessonVideo('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({
      kind: 'youtube',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      provider: 'YouTube',
    });
    expect(lessonVideo('https://youtu.be/dQw4w9WgXcQ')?.embedUrl).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(lessonVideo('https://vimeo.com/76979871')).toMatchObject({ kind: 'vimeo', embedUrl: 'https://player.vimeo.com/video/76979871' });
    expect(lessonVideo('https://cdn.example.com/lesson-1.mp4')).toMatchObject({ kind: 'file', embedUrl: null });
    expect(lessonVideo('https://videos.example.com/watch/1')).toMatchObject({ kind: 'link', provider: 'videos.example.com' });
    expect(lessonVideo('not a url')).toBeNull();
    expect(lessonVideo(null)).toBeNull();
  });

  it('puts the gated-content tracking island on the page only with the video paywall flag on (SPEC 2)', () => {
    expect(lessonsIslands(site(), { page: 'lessons', collectionId: 'c1' })).toEqual([]);
    const on = site({ betaFlags: { ...DEFAULT_SITE_SETTINGS.betaFlags, videoPaywall: true } });
    expect(lessonsIslands(on, { page: 'lessons', collectionId: 'c1' })).toEqual([
      {
        name: 'lesson-tracking',
        dataId: 'lesson-tracking-data',
        data: { page: 'lessons', pageViewEvent: 'VideoListsPageView', itemId: null, collectionId: 'c1', memberAreaId: null },
      },
    ]);
  });
});

describe('popup overlay island', () => {
  const popup: PopupOverlay = {
    enabled: true,
    kind: 'promotion',
    title: 'T',
    body: '',
    buttonText: 'Go',
    buttonUrl: '/shop',
    formId: null,
    delaySeconds: 0,
    hideForDays: 0,
    pages: 'home',
    version: 2,
    updatedOn: 1,
  };
  it('shows on the pages the owner chose, never on the cart, error or access-denied pages', () => {
    expect(popupIsland(site({}, popup), '/', PageType.PAGE)?.data).toMatchObject({
      websiteId: 'w1',
      popup: { version: 2 },
      subscribePath: null,
    });
    expect(popupIsland(site({}, popup), '/shop', PageType.MAIN_CONTENT)).toBeUndefined();
    const everywhere = { ...popup, pages: 'all' as const };
    expect(popupIsland(site({}, everywhere), '/shop', PageType.MAIN_CONTENT)).toBeDefined();
    for (const pageType of [PageType.CART, PageType.ERROR, PageType.MEMBER_AREA_ACCESS_DENIED])
      expect(popupIsland(site({}, everywhere), '/', pageType)).toBeUndefined();
    expect(popupIsland(site({}, { ...everywhere, enabled: false }), '/', PageType.PAGE)).toBeUndefined();
  });
});
