// Unguessable tokens and ids, and the one-way hash under which tokens are stored and cached.
import { createHash, randomBytes } from 'node:crypto';

/** 256-bit session token (the cookie's value). */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');
/** 192-bit X-SiteUser-XSRF-Token. */
export const newXsrfToken = (): string => randomBytes(24).toString('base64url');
/** A guest cart token for the cart cookie (the cart service's own tokens are 192 bits too). */
export const newCartToken = (): string => randomBytes(24).toString('base64url');
/** Row ids: 96 random bits in hex, like the cart service's. */
export const newId = (): string => randomBytes(12).toString('hex');

export const API_KEY_MARK = 'sck_';
/** An API key: a recognisable mark and 256 random bits. */
export const newApiKey = (): string => `${API_KEY_MARK}${randomBytes(32).toString('base64url')}`;
/** What the panel shows of a key. */
export const apiKeyPrefix = (key: string): string => key.slice(0, API_KEY_MARK.length + 8);

/** SHA-256 in hex: how tokens and keys are stored, so a database leak yields no usable token. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
