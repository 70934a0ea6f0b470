export type { Cache } from './cache.js';
export { MemoryCache } from './memory-cache.js';
export { RedisCache } from './redis-cache.js';
export { PAGE_GENERATION_RECHECK_MS, pageGenerationKey, serviceCachePrefix } from './page-generation.js';
export { LOCAL_CACHE_RECHECK_MS, WebsiteGenerations } from './website-generations.js';
