export { buildGateway, type BuildGatewayOptions } from './app.js';
export { GatewayEnv, serviceUrl } from './config.js';
export { ROUTES, serviceFor } from './routes.js';
export { CRUMB_COOKIE, CRUMB_HEADER } from './crumb.js';
export { composeExample, mergeDocuments, type OpenApiDocument } from './docs.js';
