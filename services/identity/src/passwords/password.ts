// Password hashing with scrypt (node:crypto), a per-password random salt, and a constant-time
// comparison. Hashes are PHC strings ($scrypt$ln=15,r=8,p=3$salt$hash) carrying their own cost,
// so the cost can be raised later without invalidating stored passwords. Node caps scrypt's
// memory at 32 MiB by default; maxmem is raised to fit the cost (DESIGN.md).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { ScryptTask } from './hash-pool.js';

export interface ScryptCost {
  /** log2 of N, the CPU and memory cost. */
  ln: number;
  r: number;
  p: number;
}

/** OWASP's scrypt equivalent of N=2^17,r=8,p=1 at a quarter of the memory: 32 MiB per hash. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { ln: 15, r: 8, p: 3 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Runs scrypt: in-thread by default, on the bounded hashing pool in the service (hash-pool.ts). */
export type ScryptRunner = (task: ScryptTask) => Promise<Buffer>;

const inThread: ScryptRunner = (task) =>
  new Promise((resolve, reject) => {
    const options: ScryptOptions = { N: task.N, r: task.r, p: task.p, maxmem: task.maxmem };
    scrypt(task.password, task.salt, task.length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

function derive(run: ScryptRunner, password: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  const N = 2 ** cost.ln;
  // NFC so that the same password typed on different systems gives the same bytes.
  return run({ password: password.normalize('NFC'), salt, length, N, r: cost.r, p: cost.p, maxmem: 2 * 128 * N * cost.r });
}

const b64 = (buffer: Buffer): string => buffer.toString('base64').replace(/=+$/, '');

export class PasswordHasher {
  readonly #cost: ScryptCost;
  readonly #run: ScryptRunner;
  #decoy: Promise<string> | undefined;

  constructor(cost: ScryptCost = DEFAULT_SCRYPT_COST, run: ScryptRunner = inThread) {
    this.#cost = cost;
    this.#run = run;
  }

  /** A new PHC hash of `password` with a fresh salt. */
  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(this.#run, password, salt, this.#cost, KEY_BYTES);
    const { ln, r, p } = this.#cost;
    return `$scrypt$ln=${ln},r=${r},p=${p}$${b64(salt)}$${b64(key)}`;
  }

  /** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
  async verify(password: string, stored: string): Promise<boolean> {
    const match = PHC.exec(stored);
    if (!match) return false;
    const [, ln = '', r = '', p = '', salt = '', hash = ''] = match;
    const expected = Buffer.from(hash, 'base64');
    const cost = { ln: Number(ln), r: Number(r), p: Number(p) };
    // A truncated hash would still match its own prefix of the key: only full-length keys count.
    if (cost.ln < 1 || cost.ln > 20 || expected.length < KEY_BYTES) return false;
    const actual = await derive(this.#run, password, Buffer.from(salt, 'base64'), cost, expected.length);
    return timingSafeEqual(actual, expected);
  }

  /**
   * Spends the time of a real verification and answers false: for an unknown email, so that the
   * answer and its timing match a wrong password.
   */
  async verifyNobody(password: string): Promise<false> {
    this.#decoy ??= this.hash(randomBytes(16).toString('hex'));
    await this.verify(password, await this.#decoy);
    return false;
  }
}
