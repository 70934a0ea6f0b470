// The permission table of packages/contracts: what each SPEC role may do.
import { describe, expect, it } from '@jest/globals';
import {
  ALL_PERMISSIONS,
  API_KEY_SCOPES,
  Permission,
  READ_PERMISSIONS,
  ROLE_PERMISSIONS,
  Role,
  permissionsOfRoles,
  rolesAllow,
} from '@sc/contracts';
import { CART_COOKIE } from '@sc/cart';
import { GUEST_CART_COOKIE } from '@sc/contracts';

describe('the permission table', () => {
  it('has a row for every SPEC role', () => {
    expect(
      Object.keys(ROLE_PERMISSIONS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(Object.values(Role).sort((a, b) => a - b));
  });

  it('lets admin do everything', () => {
    expect([...permissionsOfRoles([Role.ADMIN])].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('lets viewer read everything and change nothing', () => {
    expect([...permissionsOfRoles([Role.VIEWER])].sort()).toEqual([...READ_PERMISSIONS].sort());
    expect(READ_PERMISSIONS.every((p) => p.endsWith(':read'))).toBe(true);
    expect(READ_PERMISSIONS).toContain(Permission.CONTENT_READ);
    expect(READ_PERMISSIONS).not.toContain(Permission.CONTENT_EDIT);
  });

  it('gives none nothing, and unknown role numbers nothing', () => {
    expect(permissionsOfRoles([Role.NONE]).size).toBe(0);
    expect(permissionsOfRoles([5, 99, -1]).size).toBe(0);
  });

  it.each([
    [Role.EDITOR, Permission.CONTENT_EDIT, true],
    [Role.EDITOR, Permission.STORE_MANAGE, false],
    [Role.STORE_MANAGER, Permission.STORE_MANAGE, true],
    [Role.STORE_MANAGER, Permission.RESTOCK_MANAGE, true],
    [Role.STORE_MANAGER, Permission.CONTENT_EDIT, false],
    [Role.REPORTING, Permission.ANALYTICS_READ, true],
    [Role.REPORTING, Permission.STORE_MANAGE, false],
    [Role.BILLING, Permission.BILLING_MANAGE, true],
    [Role.BILLING, Permission.CONTENT_READ, false],
    [Role.MODERATOR, Permission.COMMENTS_MODERATE, true],
    [Role.COMMENTER, Permission.COMMENTS_MODERATE, false],
    [Role.COMMENTER, Permission.COMMENTS_WRITE, true],
    [Role.SCHEDULING_VIEWER, Permission.SCHEDULING_MANAGE, false],
    [Role.SCHEDULING_EDITOR, Permission.SCHEDULING_MANAGE, true],
    [Role.CAMPAIGNS_EDITOR, Permission.CAMPAIGNS_EDIT, true],
    [Role.WEBSITE_MANAGER, Permission.SETTINGS_MANAGE, true],
    [Role.WEBSITE_MANAGER, Permission.MEMBERS_MANAGE, false],
    [Role.WEBSITE_MANAGER, Permission.API_KEYS_MANAGE, false],
    [Role.WEBSITE_MANAGER, Permission.BILLING_MANAGE, false],
    [Role.VIEWER, Permission.FORM_SUBMISSIONS_READ, true],
    [Role.VIEWER, Permission.API_KEYS_MANAGE, false],
  ])('role %i and %s → %s', (role, permission, allowed) => {
    expect(rolesAllow([role], permission)).toBe(allowed);
  });

  it('adds up several roles', () => {
    expect(rolesAllow([Role.EDITOR, Role.STORE_MANAGER], Permission.STORE_MANAGE)).toBe(true);
    expect(rolesAllow([Role.EDITOR, Role.STORE_MANAGER], Permission.CONTENT_EDIT)).toBe(true);
    expect(rolesAllow([Role.EDITOR, Role.STORE_MANAGER], Permission.BILLING_MANAGE)).toBe(false);
  });

  it('only admins manage members and API keys, and keys can never be given either', () => {
    for (const role of Object.values(Role)) {
      expect({ role, members: rolesAllow([role], Permission.MEMBERS_MANAGE) }).toEqual({ role, members: role === Role.ADMIN });
      expect({ role, keys: rolesAllow([role], Permission.API_KEYS_MANAGE) }).toEqual({ role, keys: role === Role.ADMIN });
    }
    expect(API_KEY_SCOPES).not.toContain(Permission.API_KEYS_MANAGE);
    expect(API_KEY_SCOPES).not.toContain(Permission.MEMBERS_MANAGE);
    expect(API_KEY_SCOPES).toHaveLength(ALL_PERMISSIONS.length - 2);
  });
});

describe('cookie names shared with cart', () => {
  it("identity's guest cart cookie is the cart service's cookie", () => {
    expect(GUEST_CART_COOKIE).toBe(CART_COOKIE);
  });
});
