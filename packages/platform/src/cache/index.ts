export type { Cache } from './cache.js';
export { MemoryCache } from './memory-cache.js';
export { RedisCache } from './redis-cache.js';
