// SPEC 7 gated-content events of lesson-site pages (SPEC 2): the page's own event (VideoListsPageView,
// VideoDetailsPageView or AccessDeniedPageView), ClicksThirdPartyVideo when a lesson's third-party
// video link is followed, and AccessDeniedCTA when the access-denied page's way in is used. Render
// puts this island on the page only when the video paywall beta flag is on; the tracker sends the
// events only when the census cookie exists (SPEC 5).
import { LessonTrackingEvents, type LessonTrackingData } from '@sc/contracts';
import { islandData } from '../../storefront/lib/dom.js';
import { track } from '../../storefront/lib/events.js';
import { ACCESS_DENIED_CTA } from '../members/mount.js';

let started = false;

export function start(): void {
  const data = islandData<LessonTrackingData>('lesson-tracking');
  if (!data || started) return;
  started = true;
  const ids = { itemId: data.itemId, collectionId: data.collectionId, memberAreaId: data.memberAreaId };
  track(data.pageViewEvent, ids);
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-third-party-video]')) {
    link.addEventListener('click', () =>
      track(LessonTrackingEvents.clicksThirdPartyVideo, {
        ...ids,
        provider: link.dataset.thirdPartyVideo ?? '',
        destinationUrl: link.href,
      }),
    );
  }
  window.addEventListener(ACCESS_DENIED_CTA, (event) => {
    track(LessonTrackingEvents.accessDeniedCta, { ...ids, cta: (event as CustomEvent<{ cta: string }>).detail.cta });
  });
}
