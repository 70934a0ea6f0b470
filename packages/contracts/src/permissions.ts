// Who may do what on a website. The SPEC lists the website roles (SPEC 3 "Roles") but shows no
// permission checks (SPEC 6), so this table is our design: each owner route of every service
// names one permission, and a role grants a fixed set of them. Admin may do everything; viewer
// may read everything and change nothing. An API key acts with the permissions it was given
// (its scopes), never more than its creator has.
import { z } from 'zod';
import { Role } from './enums.js';

/**
 * The permissions an owner route can require. `<area>:read` only looks; the other verbs change
 * something. Which routes each one guards:
 * - content:*          pages, collections, blog posts, events, galleries, navigation, header and footer, multilingual
 * - store:*            products, variants, inventory, orders, gift cards, coupons, shipping, tax, commerce preferences
 * - restock:*          back-in-stock signups, groups and notification sends
 * - form-submissions:* form submissions and newsletter subscribers (read, export, delete)
 * - analytics:read     analytics reports
 * - settings:*         site settings (currency, locale, time zone, domains, cookie settings, beta flags)
 * - comments:*         comment moderation (moderate) and posting as the site (write)
 * - scheduling:*       scheduling (appointments)
 * - campaigns:*        email campaigns
 * - billing:*          the website's plan and invoices
 * - members:*          the website's members (owner accounts) and their roles
 * - api-keys:manage    the API keys panel
 */
export const Permission = {
  CONTENT_READ: 'content:read',
  CONTENT_EDIT: 'content:edit',
  STORE_READ: 'store:read',
  STORE_MANAGE: 'store:manage',
  RESTOCK_READ: 'restock:read',
  RESTOCK_MANAGE: 'restock:manage',
  FORM_SUBMISSIONS_READ: 'form-submissions:read',
  FORM_SUBMISSIONS_MANAGE: 'form-submissions:manage',
  ANALYTICS_READ: 'analytics:read',
  SETTINGS_READ: 'settings:read',
  SETTINGS_MANAGE: 'settings:manage',
  COMMENTS_MODERATE: 'comments:moderate',
  COMMENTS_WRITE: 'comments:write',
  SCHEDULING_READ: 'scheduling:read',
  SCHEDULING_MANAGE: 'scheduling:manage',
  CAMPAIGNS_READ: 'campaigns:read',
  CAMPAIGNS_EDIT: 'campaigns:edit',
  BILLING_READ: 'billing:read',
  BILLING_MANAGE: 'billing:manage',
  MEMBERS_READ: 'members:read',
  MEMBERS_MANAGE: 'members:manage',
  API_KEYS_MANAGE: 'api-keys:manage',
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];
export const PermissionSchema = z.enum(Permission);

/** Every permission, in declaration order. */
export const ALL_PERMISSIONS: readonly Permission[] = Object.freeze(Object.values(Permission));

/** The permissions that only look (`<area>:read`): exactly what a viewer has. */
export const READ_PERMISSIONS: readonly Permission[] = Object.freeze(ALL_PERMISSIONS.filter((p) => p.endsWith(':read')));

/**
 * What an API key may be given. Keys cannot make keys or change members: a leaked key must not be
 * able to give itself a longer life or more power.
 */
export const API_KEY_SCOPES: readonly Permission[] = Object.freeze(
  ALL_PERMISSIONS.filter((p) => p !== Permission.API_KEYS_MANAGE && p !== Permission.MEMBERS_MANAGE),
);

const P = Permission;
const except = (...left: Permission[]) => ALL_PERMISSIONS.filter((p) => !left.includes(p));

/** The permission table: what each SPEC role grants on the website it is held on. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = Object.freeze({
  [Role.ADMIN]: ALL_PERMISSIONS,
  // Runs the site day to day, but the plan, the team and the keys stay with admins.
  [Role.WEBSITE_MANAGER]: except(P.BILLING_MANAGE, P.MEMBERS_MANAGE, P.API_KEYS_MANAGE),
  [Role.BILLING]: [P.BILLING_READ, P.BILLING_MANAGE, P.SETTINGS_READ],
  [Role.REPORTING]: [P.ANALYTICS_READ, P.STORE_READ],
  [Role.EDITOR]: [P.CONTENT_READ, P.CONTENT_EDIT, P.FORM_SUBMISSIONS_READ, P.SETTINGS_READ],
  [Role.MODERATOR]: [P.CONTENT_READ, P.COMMENTS_MODERATE, P.COMMENTS_WRITE],
  [Role.COMMENTER]: [P.CONTENT_READ, P.COMMENTS_WRITE],
  [Role.STORE_MANAGER]: [P.CONTENT_READ, P.STORE_READ, P.STORE_MANAGE, P.RESTOCK_READ, P.RESTOCK_MANAGE],
  [Role.SCHEDULING]: [P.SCHEDULING_READ, P.SCHEDULING_MANAGE],
  [Role.SCHEDULING_EDITOR]: [P.SCHEDULING_READ, P.SCHEDULING_MANAGE],
  [Role.SCHEDULING_VIEWER]: [P.SCHEDULING_READ],
  [Role.CAMPAIGNS_EDITOR]: [P.CONTENT_READ, P.CAMPAIGNS_READ, P.CAMPAIGNS_EDIT],
  [Role.VIEWER]: READ_PERMISSIONS,
  [Role.NONE]: [],
});

/** The union of what the roles grant; unknown role numbers grant nothing. */
export function permissionsOfRoles(roles: readonly number[]): Set<Permission> {
  const granted = new Set<Permission>();
  for (const role of roles) {
    const list = Object.prototype.hasOwnProperty.call(ROLE_PERMISSIONS, role) ? ROLE_PERMISSIONS[role as Role] : [];
    for (const permission of list) granted.add(permission);
  }
  return granted;
}

/** True when holding `roles` allows `permission`. */
export function rolesAllow(roles: readonly number[], permission: Permission): boolean {
  return permissionsOfRoles(roles).has(permission);
}
