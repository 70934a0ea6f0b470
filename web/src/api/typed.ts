// The API typed end to end by openapi-fetch: `client.GET('/commerce/coupons')` takes the route's
// params and body and answers its response as the contracts define them; the crumb and failures
// as in client.ts. Apart from client.ts so that the storefront's pages do not carry it.
import createClient, { type Middleware } from 'openapi-fetch';
import { API_PREFIX, crumb, ensureCrumb, failureOf, RequestFailed, UNSAFE, type ApiPaths } from './client.js';

/** Unsafe requests as they were before they were sent, for the one retry after a crumb failure. */
const unsent = new WeakMap<Request, Request>();

const addCrumb: Middleware = {
  async onRequest({ request }) {
    if (!UNSAFE.has(request.method)) return request;
    const token = await ensureCrumb();
    if (token) request.headers.set('x-csrf-token', token);
    unsent.set(request, request.clone());
    return request;
  },
  async onResponse({ request, response }) {
    if (response.ok) return response;
    const failure = failureOf(
      response.status,
      await response
        .clone()
        .json()
        .catch(() => undefined),
    );
    const retry = unsent.get(request);
    const token = crumb();
    // As client.ts: a crumb failure that brought a fresh cookie is tried once more with it.
    if (failure.crumbFail && retry && token && token !== request.headers.get('x-csrf-token')) {
      retry.headers.set('x-csrf-token', token);
      const again = await fetch(retry);
      if (again.ok) return again;
      throw new RequestFailed(failureOf(again.status, await again.json().catch(() => undefined)));
    }
    throw new RequestFailed(failure);
  },
};

/** The typed client: `client.GET('/commerce/coupons')`, params, bodies and answers from the contracts. */
export const client = createClient<ApiPaths>({ baseUrl: API_PREFIX, credentials: 'same-origin' });
client.use(addCrumb);
