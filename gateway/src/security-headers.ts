// Security headers of what the gateway serves itself: the admin app (/config) and the web app's
// files (/assets), by helmet (useSecurityHeaders). Responses proxied from the services carry their own (render
// sets its pages'). The admin app is never framed by anyone (frame-ancestors 'none', X-Frame-
// Options DENY: clickjacking an owner's settings); it may frame the site's own pages (previews).
// Its build has no inline script (Vite emits module files), so scripts come from this origin only.
import { useSecurityHeaders, type SecurityHeaderOptions } from '@sc/platform';
import type { FastifyInstance } from 'fastify';
import { registerStatic } from './static.js';

/** helmet's options for /config and /assets. */
export const ADMIN_HELMET: SecurityHeaderOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // React sets styles through the DOM, but components may add style elements and attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Uploaded images, previews of files being uploaded (blob:), and images hosted elsewhere.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  // TLS ends in front of the platform (an ingress or proxy): it decides about HSTS for its domains.
  strictTransportSecurity: false,
};

/** Registers the static routes (static.ts) in a scope of their own, with helmet's headers on them. */
export async function registerStaticWithHeaders(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(async (scope) => {
    useSecurityHeaders(scope, ADMIN_HELMET);
    await registerStatic(scope, webDist);
  });
}
