// The gateway's own work on each request, as two hooks: onRequest (the website of the Host) and preHandler (the crumb check on unsafe API calls, then the identity).
// Callback hooks that finish synchronously whenever the answer is already known (a returning
// visitor, a cached host, no credentials): an async hook per step cost a promise and a microtask
// turn each, which bench/gateway showed on every request.
import type { FastifyInstance } from 'fastify';
import { checkCrumb, needsCrumbCheck } from './crumb.js';
import { identify, needsIdentity, type IdentityResolver } from './identity.js';
import { needsNoWebsite, type WebsiteResolver } from './website.js';

const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

export interface GatewaySteps {
  websites: WebsiteResolver;
  fallbackWebsiteId: string;
  identities: IdentityResolver;
  signingKey: string | undefined;
}

export function installSteps(app: FastifyInstance, steps: GatewaySteps): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (needsNoWebsite(pathOf(request.url))) {
      request.websiteId = steps.fallbackWebsiteId;
      return done();
    }
    const known = steps.websites.known(request.host);
    if (known !== undefined) {
      request.websiteId = known;
      request.websiteOrigin = steps.websites.originOf(request.host);
      return done();
    }
    steps.websites.resolve(request.host).then((websiteId) => {
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
