// Which website a request is for. The gateway resolves it from the Host header and always sets
// X-Website-Id (overwriting any the client sent), so services trust the header.
import type { FastifyRequest } from 'fastify';

export const DEFAULT_WEBSITE_ID = 'default';

export function websiteIdOf(request: FastifyRequest): string {
  const header = request.headers['x-website-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : DEFAULT_WEBSITE_ID;
}
