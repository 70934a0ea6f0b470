export { identityService, createIdentityService, buildApp, type IdentityOptions } from './app.js';
export { PasswordHasher, DEFAULT_SCRYPT_COST, type ScryptCost } from './domain/password.js';
export type { IdentitySettings } from './settings.js';
