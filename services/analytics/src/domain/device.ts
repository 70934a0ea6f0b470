// Device class and automation from a User-Agent header (SPEC 2 device views: desktop, phone,
// tablet). A few patterns are enough for a three-way split; exact browser names are not reported.
import type { DeviceType } from '@sc/contracts';

// iPadOS 13+ reports a desktop Safari UA; such visits count as desktop (the server cannot tell).
const TABLET = /iPad|Tablet|Kindle|Silk\/|PlayBook|Nexus (?:7|9|10)|SM-T\d|Android(?!.*Mobile)/i;
const PHONE = /Mobi|iPhone|iPod|Android.*Mobile|Windows Phone|IEMobile|BlackBerry|Opera Mini/i;
const AUTOMATED =
  /bot\b|crawler|spider|crawling|HeadlessChrome|PhantomJS|Lighthouse|Google-InspectionTool|facebookexternalhit|Slurp|curl\/|Wget\/|python-requests|Go-http-client/i;

/** desktop, phone or tablet; an empty or unknown agent counts as desktop. */
export function deviceOf(userAgent: string | undefined): DeviceType {
  if (!userAgent) return 'desktop';
  if (TABLET.test(userAgent)) return 'tablet';
  if (PHONE.test(userAgent)) return 'phone';
  return 'desktop';
}

/** True for crawlers, headless browsers and scripts: their hits are not visitors. */
export function isAutomated(userAgent: string | undefined): boolean {
  return userAgent !== undefined && AUTOMATED.test(userAgent);
}
