// Ids and tokens of carts and their lines.
import { randomBytes, randomUUID } from 'node:crypto';

/** Ids and tokens come from here so tests can see their shape; tokens are unguessable (192 bits). */
export const newCartId = (): string => randomBytes(12).toString('hex');
export const newCartToken = (): string => randomBytes(24).toString('base64url');
// Entry ids are made on every add: randomUUID draws from a cached pool of entropy, where
// randomBytes asks for fresh bytes on each call (it showed in bench/cart's profile). 24 hex
// digits of a v4 UUID, like the other ids here; they name a line, they guard nothing.
export const newEntryId = (): string => randomUUID().replaceAll('-', '').slice(0, 24);
