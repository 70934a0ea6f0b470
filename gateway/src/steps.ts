// The gateway's own work on each request, as two hooks: onRequest (the website of the Host) and preHandler (the crumb check on unsafe API calls, then the identity).
// Callback hooks that finish synchronously whenever the answer is already known (a returning
// visitor, a cached host, no credentials): an async hook per step cost a promise and a microtask
// turn each, which bench/gateway showed on every request.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '@sc/platform';
import { checkCrumb, needsCrumbCheck } from './crumb.js';
import { identify, needsIdentity, type IdentityResolver } from './identity.js';
import { DEMO_WEBSITE_ID, WebsiteMessages } from '@sc/contracts';
import { needsNoWebsite, NO_WEBSITE, type WebsiteResolver } from './website.js';

const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

export interface GatewaySteps {
  websites: WebsiteResolver;
  fallbackWebsiteId: string | undefined;
  identities: IdentityResolver;
  signingKey: string | undefined;
}

/** What a host no website has gets: a page of its own, nothing of any website. */
const UNKNOWN_HOST_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>No website here</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#222}h1{font-size:1.5rem}</style></head><body><h1>No website here</h1><p>${WebsiteMessages.unknownHost}</p><p>If this is your domain, add it to your website and verify it: it is served once verified.</p></body></html>`;

/** 404 for a host no website has: the page above, or the JSON error under /api. */
function answerNoWebsite(request: FastifyRequest, reply: FastifyReply): void {
  reply.code(404).header('cache-control', 'no-store');
  if (pathOf(request.url).startsWith('/api/')) void reply.send(errorBody('NOT_FOUND', WebsiteMessages.unknownHost));
  else void reply.type('text/html; charset=utf-8').send(UNKNOWN_HOST_PAGE);
}

export function installSteps(app: FastifyInstance, steps: GatewaySteps): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (needsNoWebsite(pathOf(request.url))) {
      request.websiteId = steps.fallbackWebsiteId ?? DEMO_WEBSITE_ID;
      return done();
    }
    const known = steps.websites.known(request.host);
    if (known === NO_WEBSITE) return answerNoWebsite(request, reply);
    if (known !== undefined) {
      request.websiteId = known;
      request.websiteOrigin = steps.websites.originOf(request.host);
      return done();
    }
    steps.websites.resolve(request.host).then((websiteId) => {
      if (websiteId === NO_WEBSITE) return answerNoWebsite(request, reply);
      request.websiteId = websiteId;
      request.websiteOrigin = steps.websites.originOf(request.host);
      done();
    }, done);
  });

  app.addHook('preHandler', (request, reply, done) => {
    const identity = () => (needsIdentity(pathOf(request.url)) ? identify(request, steps.identities, steps.signingKey) : undefined);
    try {
      if (needsCrumbCheck(request)) {
        checkCrumb(request, reply)
          .then(identity)
          .then(() => done(), done);
        return;
      }
      const pending = identity();
      if (!pending) return done();
      pending.then(() => done(), done);
    } catch (error) {
      done(error as Error);
    }
  });
}
