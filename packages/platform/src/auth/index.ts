// Who a request comes from and what they may do: the gateway signs, services verify and check.
export {
  IDENTITY_MAX_AGE_MS,
  serviceCallHeaders,
  signIdentity,
  verifyIdentity,
  type IdentityHeaders,
  type VerifyIdentityOptions,
} from './identity-header.js';
export {
  clientAddressOf,
  publicOriginOf,
  DEFAULT_WEBSITE_ID,
  hasGatewayIdentity,
  identityOf,
  ownerRoute,
  permissionsOf,
  requirePermission,
  requireSiteUser,
  routePermission,
  websiteIdOf,
  type PermissionHook,
} from './require-permission.js';
