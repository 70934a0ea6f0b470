// The API typed end to end by openapi-fetch: `client.GET('/commerce/coupons')` takes the route's
// params and body and answers its response as the contracts define them; the crumb and failures
// as in client.ts. Apart from client.ts so that the storefront's pages do not carry it.
import createClient, { type Middleware } from 'openapi-fetch';
import { API_PREFIX, crumb, failureOf, RequestFailed, UNSAFE, type ApiPaths } from './client.js';

const addCrumb: Middleware = {
  onRequest({ request }) {
    const token = UNSAFE.has(request.method) ? crumb() : undefined;
    if (token) request.headers.set('x-csrf-token', token);
    return request;
  },
  async onResponse({ response }) {
    if (response.ok) return response;
    throw new RequestFailed(failureOf(response.status, await response.json().catch(() => undefined)));
  },
};

/** The typed client: `client.GET('/commerce/coupons')`, params, bodies and answers from the contracts. */
export const client = createClient<ApiPaths>({ baseUrl: API_PREFIX, credentials: 'same-origin' });
client.use(addCrumb);
