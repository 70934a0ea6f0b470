// The built-in proof-of-work captcha, browser side: ask for a challenge, find a nonce whose
// SHA-256(`salt:nonce`) starts with enough zero bits, and hand the token to the submission. The
// search yields to the page every few thousand hashes so typing and animations stay smooth.
import { FormMessages, powToken, type CaptchaChallenge } from '@sc/contracts';
import { call } from '../lib/http.js';
import { leadingZeroBits } from './sha256.js';
import { apiPath } from '../../api/client.js';

const SLICE = 4000;
const MAX_NONCES = 50_000_000;

/** Finds a nonce for a challenge (a few tenths of a second at difficulty 16). */
export async function solveChallenge(challenge: Pick<CaptchaChallenge, 'salt' | 'difficulty'>): Promise<string> {
  for (let start = 0; start < MAX_NONCES; start += SLICE) {
    for (let nonce = start; nonce < start + SLICE; nonce++) {
      if (leadingZeroBits(`${challenge.salt}:${nonce}`) >= challenge.difficulty) return String(nonce);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error(FormMessages.captchaRequired);
}

/** A solved captcha token from the challenge route of a service (forms or restock). */
export async function captchaToken(challengePath: string): Promise<string> {
  const challenge = await call<CaptchaChallenge>('POST', challengePath);
  return powToken(challenge.challengeId, await solveChallenge(challenge));
}

export const FORMS_CHALLENGE = apiPath('/form/captcha/challenge');
export const RESTOCK_CHALLENGE = apiPath('/site-users/account/notifications/restock/captcha/challenge');
