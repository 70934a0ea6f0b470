// Who a request comes from and what they may do: the gateway signs, services verify and check.
export { IDENTITY_MAX_AGE_MS, signIdentity, verifyIdentity, type IdentityHeaders, type VerifyIdentityOptions } from './identity-header.js';
export {
  identityOf,
  ownerRoute,
  permissionsOf,
  requirePermission,
  requireSiteUser,
  routePermission,
  websiteIdOf,
  type PermissionHook,
} from './require-permission.js';
