// Row "PUT /api/census/settings without a crumb: accepted". Every state-changing call without the
// crumb is refused like the rest (the gateway's crumb failure: crumbFail and the SPEC's session
// message, status 401 as the storefront expects; the "403" names the same refusal).
import { report, Visitor } from './lib.js';

const visitor = await new Visitor().open();
visitor.cookies.delete('crumb');
const answer = await visitor.send('PUT', '/api/census/settings', { enabled: false });
const body = answer.body as { crumbFail?: boolean; message?: string };
report(
  (answer.status === 401 || answer.status === 403) && body.crumbFail === true,
  'PUT /api/census/settings without a crumb',
  `${answer.status}, crumbFail ${String(body.crumbFail)}: ${body.message ?? ''}`,
);
