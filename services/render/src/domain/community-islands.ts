// The islands of the visitor features of issue 11 and the data each needs: the comment form, the
// like buttons, the popup overlay, the access-denied page's CTA, and the gated-content tracking of
// lesson-site pages, which SPEC 2 allows only when the video paywall beta flag is on (so the island
// is not even on the page otherwise). Pure functions.
import {
  islandDataId,
  LessonTrackingEvents,
  PageType,
  type CommentsData,
  type IslandName,
  type LessonTrackingData,
  type LikeButtonData,
  type MemberAccessData,
  type MemberAreaSummary,
  type PopupOverlayData,
} from '@sc/contracts';
import type { IslandDataTag, SiteData } from '../pages/site-context.js';

const PUBLIC = '/api/content-service/public/1.0';
const tag = (name: IslandName, data: unknown): IslandDataTag => ({ name, dataId: islandDataId(name), data });

export function commentIslands(site: SiteData, itemId: string): IslandDataTag[] {
  const data: CommentsData = {
    itemId,
    postPath: `${PUBLIC}/items/${encodeURIComponent(itemId)}/comments`,
    challengePath: `${PUBLIC}/comments/captcha/challenge`,
    captchaSiteKey: site.site.settings.captchaSiteKey,
  };
  return [tag('comments', data)];
}

export function likeIsland(itemIds: string[]): IslandDataTag {
  const data: LikeButtonData = { itemIds, statePath: `${PUBLIC}/items/{itemId}/like` };
  return tag('like-button', data);
}

/** Pages the popup never covers: the cart, errors, not found and the access-denied page. */
const NO_POPUP = new Set<number>([PageType.CART, PageType.ERROR, PageType.NOT_FOUND, PageType.MEMBER_AREA_ACCESS_DENIED]);

/** The popup overlay island when the site has one for this page (every page, or the home page only). */
export function popupIsland(site: SiteData, path: string, pageType: number): IslandDataTag | undefined {
  const popup = site.popup;
  if (!popup?.enabled || NO_POPUP.has(pageType)) return undefined;
  if (popup.pages === 'home' && path !== '/') return undefined;
  const data: PopupOverlayData = {
    websiteId: site.site.id,
    popup,
    subscribePath:
      popup.kind === 'newsletter' && popup.formId ? `/api/form/newsletter/${encodeURIComponent(popup.formId)}/subscribe` : null,
    challengePath: '/api/form/captcha/challenge',
  };
  return tag('popup-overlay', data);
}

/** The lesson-site tracking island: only with the video paywall beta flag on (SPEC 2). */
export function lessonsIslands(
  site: SiteData,
  where: { page: LessonTrackingData['page']; collectionId?: string; itemId?: string; memberAreaId?: string },
): IslandDataTag[] {
  if (!site.site.settings.betaFlags.videoPaywall) return [];
  const pageViewEvent =
    where.page === 'lessons'
      ? LessonTrackingEvents.videoListsPageView
      : where.page === 'lesson'
        ? LessonTrackingEvents.videoDetailsPageView
        : LessonTrackingEvents.accessDeniedPageView;
  const data: LessonTrackingData = {
    page: where.page,
    pageViewEvent,
    itemId: where.itemId ?? null,
    collectionId: where.collectionId ?? null,
    memberAreaId: where.memberAreaId ?? null,
  };
  return [tag('lesson-tracking', data)];
}

/** The access-denied page: its CTA island, and the gated-content tracking when the flag is on. */
export function accessDeniedIslands(site: SiteData, area: MemberAreaSummary): IslandDataTag[] {
  const data: MemberAccessData = { memberAreaId: area.id, access: area.access, signedIn: area.signedIn };
  return [tag('member-access', data), ...lessonsIslands(site, { page: 'access-denied', memberAreaId: area.id })];
}

export interface LessonVideo {
  /** youtube and vimeo: their privacy-friendly player in a frame; file: a video element; link: a plain link. */
  kind: 'youtube' | 'vimeo' | 'file' | 'link';
  url: string;
  embedUrl: string | null;
  provider: string | null;
}

/** How a lesson's video is shown, from its URL (null when it has none). */
export function lessonVideo(url: string | null): LessonVideo | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\./, '').toLowerCase();
  const id = /^[A-Za-z0-9_-]{6,20}$/;
  if (host === 'youtube.com' || host === 'm.youtube.com' || host === 'youtu.be') {
    const videoId =
      host === 'youtu.be'
        ? parsed.pathname.slice(1)
        : (parsed.searchParams.get('v') ?? /^\/embed\/([^/]+)/.exec(parsed.pathname)?.[1] ?? '');
    if (id.test(videoId))
      return { kind: 'youtube', url, embedUrl: `https://www.youtube-nocookie.com/embed/${videoId}`, provider: 'YouTube' };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const videoId = /(\d{4,12})(?:\/|$)/.exec(parsed.pathname)?.[1];
    if (videoId) return { kind: 'vimeo', url, embedUrl: `https://player.vimeo.com/video/${videoId}`, provider: 'Vimeo' };
  }
  if (/\.(mp4|webm|ogv|mov)$/i.test(parsed.pathname)) return { kind: 'file', url, embedUrl: null, provider: null };
  return { kind: 'link', url, embedUrl: null, provider: host };
}
