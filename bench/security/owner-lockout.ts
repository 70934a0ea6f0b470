// Row "10 wrong passwords for the owner's email from 10 addresses": the real owner can still sign
// in (with the site's captcha once the account is past its limit).
import { DEMO_OWNER, report, Visitor } from './lib.js';

for (let i = 0; i < 10; i++) {
  const attacker = await new Visitor().open();
  await attacker.send('POST', '/api/auth/session', { email: DEMO_OWNER.email, password: `wrong password ${i}` });
}
const owner = await new Visitor().open();
const plain = await owner.send('POST', '/api/auth/session', { email: DEMO_OWNER.email, password: DEMO_OWNER.password });
const started = performance.now();
const signedIn =
  plain.status === 200 ? plain : await owner.send('POST', '/api/auth/session', { ...DEMO_OWNER, captchaToken: await owner.captcha() });
report(
  signedIn.status === 200,
  "owner's sign-in after 10 wrong passwords from 10 addresses",
  `${signedIn.status}${plain.status === 200 ? '' : ` with a captcha (first try ${plain.status}), ${Math.round(performance.now() - started)} ms`}`,
);
