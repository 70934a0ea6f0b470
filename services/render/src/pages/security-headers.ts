// Security headers of every render response, by helmet (useSecurityHeaders): X-Content-Type-Options,
// Referrer-Policy, X-Frame-Options and frame-ancestors (pages may be framed by the site itself:
// the admin's preview), Cross-Origin-Opener-Policy and a Content-Security-Policy.
//
// The theme runs no inline script: island data is JSON in script tags that never run (no policy
// applies to them, so they carry no nonce) and island code loads from /assets. Those island
// scripts carry a nonce that the page's policy names, so an inline script that the theme did not
// write (markup slipped into owner content, reflected input) never runs, and nothing loads from
// anywhere but this origin. (With 'strict-dynamic' only nonced scripts would run at all; that waits
// for the engine's audio-player formatter, which emits a script tag of its own, to carry it.) A page
// is rendered once and then cached (its gzip with it), so the nonce is made per render rather
// than per response: a cached body never changes, so knowing its nonce lets nobody add a script
// to it, and a new render (any content change) gets a new nonce. Styles allow 'unsafe-inline'
// because the theme sets custom properties in style attributes (header, footer, gallery), which
// nonces cannot cover.
import { randomBytes } from 'node:crypto';
import { useSecurityHeaders, type SecurityHeaderOptions } from '@sc/platform';
import type { FastifyInstance, FastifyReply } from 'fastify';

type Directives = Record<string, string[]>;

export const DIRECTIVES: Directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'https:', 'data:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  // Lesson videos: hosted files, and the two players lessons embed (youtube-nocookie, vimeo).
  mediaSrc: ["'self'", 'https:'],
  frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
  frameAncestors: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
};

/** helmet's options for render: every response (JSON, stylesheet, errors) gets them; pages add their nonce. */
export const RENDER_HELMET: SecurityHeaderOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'sameorigin' },
  // Payment providers open their checkout in a popup that must be able to answer the page.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // TLS ends in front of the platform (an ingress or proxy): it decides about HSTS for its domains.
  strictTransportSecurity: false,
};

/** A fresh CSP nonce (128 random bits). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Registers helmet for every route of the render app. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  useSecurityHeaders(app, RENDER_HELMET);
}

/** A policy's header value, written as helmet writes it (`name value value;name value`). */
export function policyText(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' '))
    .join(';');
}

// The page policy around its nonce, made once: running helmet again for each page answer was a
// tenth of a cached page's CPU (issue 24).
const [BEFORE_NONCE = '', AFTER_NONCE = ''] = policyText({ ...DIRECTIVES, scriptSrc: ["'self'", "'nonce-\u0000'"] }).split('\u0000');

/**
 * The cart page's additions (its checkout's card step runs Stripe's Payment Element): Stripe.js
 * from js.stripe.com, its frames (the card fields, 3-D Secure) and its API, as Stripe's own
 * policy guide lists them. No other page names Stripe.
 */
export const PAYMENT_DIRECTIVES: Directives = {
  ...DIRECTIVES,
  scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
  connectSrc: ["'self'", 'https://api.stripe.com'],
  frameSrc: [...(DIRECTIVES.frameSrc ?? []), 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
};

/** The path of the page that takes payments (the cart, its checkout and payment step). */
export const PAYMENT_PAGE_PATH = '/cart';

const [PAY_BEFORE_NONCE = '', PAY_AFTER_NONCE = ''] = policyText({
  ...PAYMENT_DIRECTIVES,
  scriptSrc: [...(PAYMENT_DIRECTIVES.scriptSrc ?? []), "'nonce-\u0000'"],
}).split('\u0000');

/** Sets the page's policy, which lets the scripts carrying its nonce run (and, on the payment page, Stripe's). */
export function pagePolicy(reply: FastifyReply, nonce: string, payments = false): void {
  reply.header('content-security-policy', payments ? PAY_BEFORE_NONCE + nonce + PAY_AFTER_NONCE : BEFORE_NONCE + nonce + AFTER_NONCE);
}
