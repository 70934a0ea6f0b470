// The access-denied page's way in (page type 106): its sign-in links open the storefront's account
// dialog (boot wires `data-island-link="account"`); once the visitor is signed in (the SiteUserInfo
// cookie says so) the page is loaded again, now as theirs. A click on a CTA is the SPEC 7
// AccessDeniedCTA event, which the lesson tracking island sends when the video paywall flag is on.
import { siteUserInfo } from '../../storefront/lib/dom.js';
import './members.css';

/** Window event a CTA click raises (the lesson tracking island listens). */
export const ACCESS_DENIED_CTA = 'sc:access-denied-cta';

export function mount(element: HTMLElement): void {
  if (element.dataset.mounted === 'true') return;
  element.dataset.mounted = 'true';
  for (const link of element.querySelectorAll<HTMLElement>('[data-cta]')) {
    link.addEventListener('click', () =>
      window.dispatchEvent(new CustomEvent(ACCESS_DENIED_CTA, { detail: { cta: link.dataset.cta ?? '' } })),
    );
  }
  const wasSignedIn = siteUserInfo().authenticated;
  const timer = window.setInterval(() => {
    if (!wasSignedIn && siteUserInfo().authenticated) {
      window.clearInterval(timer);
      location.reload();
    }
  }, 400);
}
