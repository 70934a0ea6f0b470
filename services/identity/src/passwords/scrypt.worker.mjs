// The password hash, run on a thread of the hashing pool (hash-pool.ts). scryptSync blocks this
// worker thread only; the async crypto.scrypt would run on libuv's threadpool, which the process's
// file reads (static assets) share, so a burst of sign-ins would queue every read behind it.
// Plain JavaScript: worker threads load it with Node's own loader, in tests and in production.
import { scryptSync } from 'node:crypto';

/** @param {{ password: string, salt: Uint8Array, length: number, N: number, r: number, p: number, maxmem: number }} task */
export default function derive(task) {
  return scryptSync(task.password, task.salt, task.length, { N: task.N, r: task.r, p: task.p, maxmem: task.maxmem });
}
