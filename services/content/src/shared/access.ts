// What every content route shares: the website a request is for (X-Website-Id, set by the
// gateway), the path's websiteId checked against it, and validation failures answered with the
// rule's own message (a SPEC string or a SPEC 9 limit) rather than a generic one.
import type { FastifyRequest } from 'fastify';
import { Permission } from '@sc/contracts';
import { AppError, clientAddressOf, identityOf, permissionsOf, websiteIdOf, type ZodApp } from '@sc/platform';
import { viewerOf, type Viewer } from '../domain/community.js';
import { websiteNotFound } from './errors.js';

/** The request's website; a websiteId in the path must be the same one (ids of other websites are not found). */
export function websiteOf(request: FastifyRequest, pathWebsiteId?: string): string {
  const websiteId = websiteIdOf(request);
  if (pathWebsiteId !== undefined && pathWebsiteId !== websiteId) throw websiteNotFound();
  return websiteId;
}

/**
 * Validation errors become a 400 whose message is the first problem's own text (the field map
 * lists them all). Routes keep their zod schemas (and OpenAPI); the failure is attached to the
 * request and turned into the answer here, after the permission check has run.
 */
export function answerValidationWithRuleMessages(scope: ZodApp): void {
  scope.addHook('onRoute', (route) => {
    route.attachValidation = true;
  });
  scope.addHook('preHandler', async (request) => {
    const error = request.validationError;
    if (!error) return;
    const issues = (Array.isArray(error.validation) ? error.validation : []) as { instancePath?: string; message?: string }[];
    if (issues.length === 0) throw error;
    const fields: Record<string, string> = {};
    for (const issue of issues) {
      const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || `(${error.validationContext || 'request'})`;
      fields[path] ??= issue.message ?? 'Invalid value';
    }
    const message = issues[0]?.message ?? `The ${error.validationContext || 'request'} is not valid.`;
    throw new AppError('VALIDATION_FAILED', message, { fields });
  });
}

const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** The client address as the gateway saw it (inside its signed identity). */
export function clientIp(request: FastifyRequest): string {
  return clientAddressOf(request);
}

/** Whether the visitor reached the site over HTTPS (the gateway's X-Forwarded-Proto). */
export function isSecure(request: FastifyRequest): boolean {
  return first(request.headers['x-forwarded-proto']) === 'https';
}

/** A cookie of the request, or undefined (the platform's one reader). */
export { cookieOf } from '@sc/platform';

/** Who reads gated content: the signed-in site user, or an owner who may read the website's content. */
export function viewerOfRequest(request: FastifyRequest): Viewer {
  const identity = identityOf(request);
  return viewerOf(identity, permissionsOf(identity).has(Permission.CONTENT_READ));
}
