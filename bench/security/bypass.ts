// Row "a request straight to a service (bypassing the gateway) with X-Website-Id: trusted". The
// service refuses it: the tenant travels only inside the gateway's signed identity envelope.
// SERVICE_URLS: the services' own addresses as JSON (run.ts passes them).
import { DEMO_WEBSITE_ID } from '@sc/contracts';
import { report } from './lib.js';

const services = JSON.parse(process.env.SERVICE_URLS ?? '{}') as Record<string, string>;
const probes: Array<[string, string, string]> = [
  ['cart', 'GET', '/api/commerce/shopping-cart'],
  ['cart', 'GET', '/api/commerce/store/orders'],
  ['identity', 'GET', '/api/site-users/account/session'],
  ['content', 'GET', `/internal/websites/by-domain?host=localhost`],
];
const seen: string[] = [];
let refused = 0;
for (const [service, method, path] of probes) {
  const url = services[service];
  if (!url) throw new Error(`no address for ${service} (SERVICE_URLS)`);
  const forged = {
    'x-website-id': DEMO_WEBSITE_ID,
    'x-sc-identity': '{"v":1,"kind":"owner","roles":["ADMIN"]}',
    'x-forwarded-for': '10.0.0.1',
  };
  const response = await fetch(`${url}${path}`, { method, headers: forged });
  if (response.status === 401) refused++;
  seen.push(`${service} ${path.split('?')[0]} ${response.status}`);
}
report(refused === probes.length, 'requests straight to a service with X-Website-Id and a forged identity', seen.join(', '));
