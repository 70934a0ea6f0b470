// Row "40 concurrent wrong passwords for one email": never more checks than the sequential limit
// (10). Signs up a fresh site user, sends 40 wrong passwords at once from one address, and counts
// the 401s (passwords checked) against the 429s (captcha needed).
import { count, report, Visitor } from './lib.js';

const email = `victim-${Date.now()}@example.com`;
const visitor = await new Visitor().open();
const created = await visitor.send('POST', '/api/auth/site-users', { email, password: 'the right password 1' });
if (created.status !== 201) throw new Error(`sign-up answered ${created.status}: ${JSON.stringify(created.body)}`);
const attacker = await new Visitor().open();
const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attacker.send('POST', '/api/site-users/account/session', { email, password: `guess number ${i}` })));
const checked = count(answers, 401);
report(checked <= 10 && checked + count(answers, 429) === 40, '40 concurrent wrong passwords for one email', `${checked} checked, ${count(answers, 429)} refused (limit 10)`);
