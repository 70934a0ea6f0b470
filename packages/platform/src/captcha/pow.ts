// The built-in, self-hosted captcha: proof of work. The server issues a challenge (a random salt
// and a difficulty, stored with an expiry); the browser searches a nonce so that
// SHA-256(`salt:nonce`) starts with `difficulty` zero bits; the server recomputes the hash and
// consumes the challenge with a conditional update, so a solved challenge is good exactly once.
// No third party, works offline; the work makes bulk submissions expensive.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { CaptchaChallenge } from '@sc/contracts';
import type { CaptchaTables } from './captcha.table.js';
import type { CaptchaContext, CaptchaOutcome, CaptchaVerifier } from './verifier.js';

export interface PowOptions {
  /** Leading zero bits required (16: about 65,000 hashes, a fraction of a second in a browser). */
  difficulty: number;
  ttlMs: number;
  clock?: () => number;
}

const TOKEN = /^pow\.([0-9a-f-]{36})\.([A-Za-z0-9]{1,32})$/;

/** The number of leading zero bits of a digest. */
export function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** True when `nonce` solves a challenge of `salt` at `difficulty`. */
export function solves(salt: string, nonce: string, difficulty: number): boolean {
  return leadingZeroBits(createHash('sha256').update(`${salt}:${nonce}`).digest()) >= difficulty;
}

/** Searches a nonce for a challenge, as the browser does (tests and tools). */
export function solve(challenge: Pick<CaptchaChallenge, 'salt' | 'difficulty'>): string {
  for (let nonce = 0; ; nonce++) {
    if (solves(challenge.salt, String(nonce), challenge.difficulty)) return String(nonce);
  }
}

export class PowCaptcha implements CaptchaVerifier {
  readonly #db: Kysely<CaptchaTables>;
  readonly #options: PowOptions;

  constructor(db: Kysely<CaptchaTables>, options: PowOptions) {
    this.#db = db;
    this.#options = options;
  }

  accepts(token: string): boolean {
    return token.startsWith('pow.');
  }

  /** Issues a challenge for a visitor of `websiteId`. */
  async issue(websiteId: string): Promise<CaptchaChallenge> {
    const now = this.#options.clock?.() ?? Date.now();
    const challenge: CaptchaChallenge = {
      provider: 'pow',
      challengeId: randomUUID(),
      salt: randomBytes(16).toString('base64url'),
      difficulty: this.#options.difficulty,
      algorithm: 'SHA-256',
      expiresAt: new Date(now + this.#options.ttlMs).toISOString(),
    };
    await this.#db
      .insertInto('captcha_challenges')
      .values({
        id: challenge.challengeId,
        website_id: websiteId,
        salt: challenge.salt,
        difficulty: challenge.difficulty,
        expires_at: challenge.expiresAt,
        used_at: null,
      })
      .execute();
    // Expired challenges are of no use to anyone; a few are dropped with each new one.
    await this.#db
      .deleteFrom('captcha_challenges')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('captcha_challenges')
          .select('id')
          .where('expires_at', '<', new Date(now - 3600_000))
          .limit(20),
      )
      .execute();
    return challenge;
  }

  async verify(token: string, context: CaptchaContext): Promise<CaptchaOutcome> {
    const match = TOKEN.exec(token);
    if (!match) return 'invalid';
    const [, id = '', nonce = ''] = match;
    const now = new Date(this.#options.clock?.() ?? Date.now());
    const row = await this.#db
      .selectFrom('captcha_challenges')
      .select(['salt', 'difficulty'])
      .where('id', '=', id)
      .where('website_id', '=', context.websiteId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row || !solves(row.salt, nonce, row.difficulty)) return 'invalid';
    // Consumed only if nobody consumed it in between: one solution, one submission.
    const consumed = await this.#db
      .updateTable('captcha_challenges')
      .set({ used_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return consumed ? 'ok' : 'invalid';
  }
}
