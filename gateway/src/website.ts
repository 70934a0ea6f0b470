// Which website a request is for. Until content resolves domains to websites, every host maps to
// the default website; services trust X-Website-Id because the gateway always overwrites it.
import type { FastifyRequest } from 'fastify';

export const DEFAULT_WEBSITE_ID = 'default';

export function websiteIdFor(_request: FastifyRequest): string {
  return DEFAULT_WEBSITE_ID;
}
