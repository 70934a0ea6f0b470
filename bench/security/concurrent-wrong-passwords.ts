// Row "40 concurrent wrong passwords for one email": never more checks than the sequential limit
// (10). Sends 40 wrong passwords at once from one address for a fresh email, and counts the 401s
// (passwords checked) against the 429s (captcha needed). The attempts of an email are counted
// whether or not it has an account (sign-in answers both alike), so no account is needed: since
// issue 40 sign-up makes one only through its mailed link.
import { count, report, Visitor } from './lib.js';

const email = `victim-${Date.now()}@example.com`;
const attacker = await new Visitor().open();
const answers = await Promise.all(
  Array.from({ length: 40 }, (_, i) => attacker.send('POST', '/api/site-users/account/session', { email, password: `guess number ${i}` })),
);
const checked = count(answers, 401);
report(
  checked <= 10 && checked + count(answers, 429) === 40,
  '40 concurrent wrong passwords for one email',
  `${checked} checked, ${count(answers, 429)} refused (limit 10)`,
);
